/**
 * Every setting that holds a secret lands in `Config.secrets`, the values the log never shows
 * (src/platform/log/redaction.ts): the platform's, the metrics token, the cluster's NATS credentials,
 * and a module slice's (the licence).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import { loadProductConfig } from '../../../../src/plugins/productModules.js';

const BASE = { SVC_ENV: 'development' };

describe('the secrets of the configuration', () => {
  const cases: Array<[string, Record<string, string>, string[]]> = [
    ['the operator API key', { SVC_SECURITY_OPERATOR_API_KEY: 'operator-key-0123456789' }, ['operator-key-0123456789']],
    ['the JWT secret', { SVC_JWT_SECRET: 'j'.repeat(40) }, ['j'.repeat(40)]],
    [
      'the key of secrets at rest and the one before it',
      { SVC_AUTH_SECRET_KEY: 'a'.repeat(40), SVC_AUTH_SECRET_KEY_PREVIOUS: 'b'.repeat(40) },
      ['a'.repeat(40), 'b'.repeat(40)],
    ],
    ["the first admin's password", { SVC_BOOTSTRAP_ADMIN_PASSWORD: 'admin-password-0123' }, ['admin-password-0123']],
    [
      "the database URL's password, as written and decoded",
      { SVC_DATABASE_URL: 'postgres://svc:p%40ss-word-0123@db:5432/svc' },
      ['p%40ss-word-0123', 'p@ss-word-0123'],
    ],
    ['the metrics token', { SVC_METRICS_TOKEN: 'metrics-token-0123456789' }, ['metrics-token-0123456789']],
    ['the licence (a module slice)', { SVC_LICENSE_KEY: 'licence.token-0123456789' }, ['licence.token-0123456789']],
    [
      "the cluster's NATS token",
      {
        SVC_DATABASE_URL: 'postgres://db/svc',
        SVC_CLUSTER_NATS_URL: 'nats://127.0.0.1:4222',
        SVC_CLUSTER_NATS_TOKEN: 'nats-token-0123456789',
      },
      ['nats-token-0123456789'],
    ],
    [
      "the cluster's NATS password",
      {
        SVC_DATABASE_URL: 'postgres://db/svc',
        SVC_CLUSTER_NATS_URL: 'nats://127.0.0.1:4222',
        SVC_CLUSTER_NATS_USER: 'svc',
        SVC_CLUSTER_NATS_PASSWORD: 'nats-password-0123',
      },
      ['nats-password-0123'],
    ],
  ];
  for (const [what, env, expected] of cases) {
    it(`holds ${what}`, () => {
      const config = loadProductConfig({ ...BASE, ...env });
      for (const value of expected) assert.ok([...config.secrets].includes(value), `${value} is registered`);
    });
  }

  it('prints as [redacted], never its values', () => {
    const { secrets } = loadProductConfig({ ...BASE, SVC_LICENSE_KEY: 'licence-never-shown' });
    for (const printed of [JSON.stringify({ secrets }), inspect(secrets, { showHidden: true }), String(secrets)]) {
      assert.doesNotMatch(printed, /never-shown/);
      assert.match(printed, /\[redacted\]/);
    }
  });

  it('holds nothing when no secret is set', () => {
    assert.deepEqual([...loadProductConfig(BASE).secrets], []);
  });
});
