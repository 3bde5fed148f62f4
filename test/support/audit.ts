/**
 * Audit-trail helpers for integration tests: a vendor key pair and a licence with the audit plugin,
 * the server env that puts it in force at start, the `auditEvents` document, and a gate that makes
 * the database hold the writer's next commit (as in commitFailure.test.ts) to line batches up.
 */
import assert from 'node:assert/strict';
import type { Clock } from '../../src/platform/scheduler/index.js';
import { decodeSecretKey, generateKeyPair, issueLicenseToken, type LicenseInput } from '../../src/plugins/license/licenseToken.js';
import type { Backend } from './backends.js';
import { BOOTSTRAP_ENV, gql } from './graphql.js';
import { startTestServer, type TestServer } from './testServer.js';

export const HOUR = 3_600_000;
export const KEYS = generateKeyPair();

/** A token the test servers trust: every plugin (audit included) for 30 days, issued an hour before `clock`. */
export function auditLicense(clock: Clock, overrides: Partial<LicenseInput> = {}): string {
  const now = clock.now();
  return issueLicenseToken(
    {
      licenseId: 'audit-lic-1',
      customer: 'Audit Co',
      plugins: ['ticketing', 'sla', 'audit'],
      issuedAt: now - HOUR,
      expiresAt: now + 30 * 24 * HOUR,
      ...overrides,
    },
    decodeSecretKey(KEYS.secretKey),
  );
}

/** A server with the audit licence in force from the start (or, with `licensed: false`, no licence at all). */
export function startAuditServer(
  backend: Backend,
  clock: Clock,
  options: { licensed?: boolean; env?: Record<string, string> } = {},
): Promise<TestServer> {
  return startTestServer(backend, {
    clock,
    env: {
      ...BOOTSTRAP_ENV,
      SVC_LICENSE_PUBLIC_KEY: KEYS.publicKey,
      ...(options.licensed === false ? {} : { SVC_LICENSE_KEY: auditLicense(clock) }),
      ...options.env,
    },
  });
}

export const AUDIT_FIELDS = 'id at kind action actorId actor sourceAddress outcome errorCode errorMessage detail requestId';
export const AUDIT_EVENTS = `query($f: AuditFilter, $l: Int, $o: Int) { auditEvents(filter: $f, limit: $l, offset: $o) { ${AUDIT_FIELDS} } }`;
export const AUDIT_COUNT = 'query($f: AuditFilter) { auditEventCount(filter: $f) }';

/** `auditEvents` as the holder of `token`; fails the test on errors. `detail` comes back parsed. */
export async function auditEvents(
  t: TestServer,
  token: string,
  filter?: Record<string, unknown>,
  page: { limit?: number; offset?: number } = {},
): Promise<any[]> {
  const res = await gql(t, AUDIT_EVENTS, { f: filter ?? null, l: page.limit ?? 1000, o: page.offset ?? 0 }, token);
  assert.equal(res.errors, undefined, res.text);
  return (res.data.auditEvents as any[]).map((e) => ({ ...e, detail: e.detail === null ? null : JSON.parse(e.detail) }));
}

export async function auditEventCount(t: TestServer, token: string, filter?: Record<string, unknown>): Promise<number> {
  const res = await gql(t, AUDIT_COUNT, { f: filter ?? null }, token);
  assert.equal(res.errors, undefined, res.text);
  return res.data.auditEventCount;
}

/** Rows of audit_events straight from the database (whatever the plugin state). */
export async function auditRowCount(t: TestServer): Promise<number> {
  const [row] = await t.server.database.knex('audit_events').count({ n: '*' });
  return Number(row!['n']);
}

export { holdCommits, whileHeld, within, type CommitGate } from './commitGate.js';
export { until } from './polling.js';

export async function poisonServices(t: TestServer): Promise<void> {
  const knex = t.server.database.knex;
  await knex.raw(`create function refuse_poisoned_service() returns trigger language plpgsql as $$
    begin
      if new.name like 'poison%' then raise exception 'service % is poisoned (test trigger)', new.name; end if;
      return new;
    end $$`);
  await knex.raw(
    'create trigger refuse_poisoned_service before insert or update on services for each row execute function refuse_poisoned_service()',
  );
}
