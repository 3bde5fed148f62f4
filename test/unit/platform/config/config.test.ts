import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadProductConfig as loadConfig } from '../../../../src/plugins/productModules.js';
import { configProblems } from '../../../support/configProblems.js';

const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env));

describe('configuration', () => {
  it('defaults follow the conventions table', () => {
    const config = loadConfig({});
    assert.equal(config.env, 'production');
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.database.url, undefined);
    assert.equal(config.database.dataDir, './data');
    assert.equal(config.database.commitWindowMs, 2);
    assert.equal(config.jwtSecret, undefined);
    assert.equal(config.security.operatorApiKey, '');
    assert.deepEqual(config.rateLimit, { requestsPerSecond: 10, burst: 20 });
    assert.deepEqual(config.bootstrapAdmin, { username: 'admin', password: undefined, email: 'admin@localhost' });
  });

  it('refuses a JWT secret shorter than 32 characters and names the setting', () => {
    const problems = problemsOf({ SVC_JWT_SECRET: 'short' });
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^SVC_JWT_SECRET must be at least 32 characters/);
  });

  it('accepts a JWT secret of exactly 32 characters', () => {
    assert.equal(loadConfig({ SVC_JWT_SECRET: 'x'.repeat(32) }).jwtSecret, 'x'.repeat(32));
  });

  describe('the previous key of secrets at rest (SVC_AUTH_SECRET_KEY_PREVIOUS)', () => {
    const current = 'current-key-of-at-least-32-characters-abcd';
    const previous = 'previous-key-of-at-least-32-characters-abc';
    it('is read when set, and absent by default', () => {
      assert.equal(loadConfig({ SVC_AUTH_SECRET_KEY: current, SVC_AUTH_SECRET_KEY_PREVIOUS: previous }).previousAuthSecretKey, previous);
      assert.equal(loadConfig({}).previousAuthSecretKey, undefined);
      assert.equal(loadConfig({ SVC_AUTH_SECRET_KEY_PREVIOUS: '' }).previousAuthSecretKey, undefined);
    });
    for (const [what, env, problem] of [
      [
        'shorter than 32 characters',
        { SVC_AUTH_SECRET_KEY: current, SVC_AUTH_SECRET_KEY_PREVIOUS: 'short' },
        /^SVC_AUTH_SECRET_KEY_PREVIOUS must be at least 32 characters/,
      ],
      [
        'the current key again',
        { SVC_AUTH_SECRET_KEY: current, SVC_AUTH_SECRET_KEY_PREVIOUS: current },
        /^SVC_AUTH_SECRET_KEY_PREVIOUS is the same as SVC_AUTH_SECRET_KEY/,
      ],
    ] as const) {
      it(`is refused when ${what}`, () => {
        const problems = problemsOf(env);
        assert.equal(problems.length, 1);
        assert.match(problems[0]!, problem);
      });
    }
  });

  it('reports every bad setting at once', () => {
    const problems = problemsOf({ SVC_PORT: 'eighty', SVC_ENV: 'staging', SVC_DATABASE_URL: 'mysql://x', SVC_RATE_LIMIT_BURST: '0' });
    assert.deepEqual(
      problems.map((p) => p.split(' ')[0]),
      ['SVC_ENV', 'SVC_PORT', 'SVC_DATABASE_URL', 'SVC_RATE_LIMIT_BURST'],
    );
  });

  it('refuses turning the rate limiter off in production but allows it in development', () => {
    assert.match(problemsOf({ SVC_RATE_LIMIT_RPS: '0' })[0]!, /SVC_RATE_LIMIT_RPS=0/);
    assert.equal(loadConfig({ SVC_RATE_LIMIT_RPS: '0', SVC_ENV: 'development' }).rateLimit.requestsPerSecond, 0);
  });

  describe('the password hash cost (SVC_AUTH_PASSWORD_HASH_COST, log2 of scrypt N)', () => {
    it('is 15 by default and may be raised in production', () => {
      assert.equal(loadConfig({}).auth.passwordHashCost, 15);
      assert.equal(loadConfig({ SVC_AUTH_PASSWORD_HASH_COST: '17' }).auth.passwordHashCost, 17);
    });

    it('may not be lowered in production, and may outside it', () => {
      assert.match(problemsOf({ SVC_AUTH_PASSWORD_HASH_COST: '14' })[0]!, /SVC_AUTH_PASSWORD_HASH_COST=14 is refused in production/);
      assert.equal(loadConfig({ SVC_AUTH_PASSWORD_HASH_COST: '10', SVC_ENV: 'development' }).auth.passwordHashCost, 10);
    });

    for (const value of ['9', '21', 'x', '15.5']) {
      it(`refuses SVC_AUTH_PASSWORD_HASH_COST=${value} and names the setting`, () => {
        assert.match(problemsOf({ SVC_AUTH_PASSWORD_HASH_COST: value, SVC_ENV: 'development' })[0]!, /^SVC_AUTH_PASSWORD_HASH_COST/);
      });
    }
  });

  it('refuses private webhooks in production', () => {
    assert.match(problemsOf({ SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS: 'true' })[0]!, /development only/);
    assert.equal(loadConfig({ SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS: 'true', SVC_ENV: 'development' }).security.allowPrivateWebhooks, true);
  });

  it('refuses a wildcard or malformed CORS origin', () => {
    assert.equal(problemsOf({ SVC_SECURITY_CORS_ALLOWED_ORIGINS: '*' }).length, 1);
    assert.equal(problemsOf({ SVC_SECURITY_CORS_ALLOWED_ORIGINS: 'https://ops.example.com/path' }).length, 1);
    assert.deepEqual(
      loadConfig({ SVC_SECURITY_CORS_ALLOWED_ORIGINS: 'https://a.example.com, http://localhost:3000' }).security.corsAllowedOrigins,
      ['https://a.example.com', 'http://localhost:3000'],
    );
  });

  it('parses trusted proxies as addresses and CIDR ranges, refusing anything else', () => {
    assert.equal(loadConfig({ SVC_TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).security.trustedProxies.length, 2);
    assert.match(problemsOf({ SVC_TRUSTED_PROXIES: 'proxy.local' })[0]!, /SVC_TRUSTED_PROXIES/);
    assert.match(problemsOf({ SVC_TRUSTED_PROXIES: '10.0.0.0/33' })[0]!, /SVC_TRUSTED_PROXIES/);
  });

  it('checks that the licence public key is 32 bytes of base64', () => {
    assert.match(problemsOf({ SVC_LICENSE_PUBLIC_KEY: Buffer.alloc(16).toString('base64') })[0]!, /SVC_LICENSE_PUBLIC_KEY/);
    assert.equal(loadConfig({ SVC_LICENSE_PUBLIC_KEY: Buffer.alloc(32, 1).toString('base64') }).license.publicKey?.length, 44);
  });

  it('requires a bootstrap admin password of at least 12 characters when one is given', () => {
    assert.match(problemsOf({ SVC_BOOTSTRAP_ADMIN_PASSWORD: 'short' })[0]!, /SVC_BOOTSTRAP_ADMIN_PASSWORD/);
  });

  it('takes a commit window of 0 to 1000 ms', () => {
    assert.equal(loadConfig({ SVC_DB_COMMIT_WINDOW_MS: '0' }).database.commitWindowMs, 0);
    assert.match(problemsOf({ SVC_DB_COMMIT_WINDOW_MS: '5000' })[0]!, /^SVC_DB_COMMIT_WINDOW_MS must be between 0 and 1000/);
  });

  it('keeps an empty operator key empty (machine endpoints open)', () => {
    assert.equal(loadConfig({ SVC_SECURITY_OPERATOR_API_KEY: '' }).security.operatorApiKey, '');
  });

  it('takes the worker thread count from SVC_WORKER_THREADS, 0 meaning the main thread', () => {
    assert.equal(loadConfig({ SVC_WORKER_THREADS: '0' }).workers.threads, 0);
    assert.equal(loadConfig({ SVC_WORKER_THREADS: '8' }).workers.threads, 8);
  });

  it('takes the daily SLA report time from SVC_SLA_REPORT_TIME (HH:MM UTC), 06:00 by default', () => {
    assert.equal(loadConfig({}).sla.reportTimeOfDay, 6 * 60);
    assert.equal(loadConfig({ SVC_SLA_REPORT_TIME: '23:59' }).sla.reportTimeOfDay, 23 * 60 + 59);
  });

  for (const value of ['6:00', '24:00', '06:60', 'noon']) {
    it(`refuses SVC_SLA_REPORT_TIME=${value} and names the setting`, () => {
      assert.match(problemsOf({ SVC_SLA_REPORT_TIME: value })[0]!, /^SVC_SLA_REPORT_TIME must be a UTC time of day as HH:MM/);
    });
  }

  const cpusToThreads: ReadonlyArray<readonly [cpus: number, threads: number]> = [
    [1, 1],
    [2, 1],
    [3, 2],
    [16, 2],
  ];
  for (const [cpus, threads] of cpusToThreads) {
    it(`defaults to ${threads} worker thread(s) on ${cpus} CPU(s)`, () => {
      assert.equal(loadConfig({}, { env: 'production', cpus }).workers.threads, threads);
    });
  }

  const badThreads: ReadonlyArray<readonly [value: string, problem: RegExp]> = [
    ['two', /^SVC_WORKER_THREADS must be a whole number, got "two"/],
    ['-1', /^SVC_WORKER_THREADS must be a whole number, got "-1"/],
    ['1.5', /^SVC_WORKER_THREADS must be a whole number/],
    ['65', /^SVC_WORKER_THREADS must be between 0 and 64, got 65/],
  ];
  for (const [value, problem] of badThreads) {
    it(`refuses SVC_WORKER_THREADS=${value} and names the setting`, () => {
      assert.match(problemsOf({ SVC_WORKER_THREADS: value })[0]!, problem);
    });
  }

  describe('SVC_CONSOLE_DIR', () => {
    it('takes the directory the entry point names when unset, as an absolute path', () => {
      assert.equal(loadConfig({}, { env: 'production', consoleDir: 'web/dist' }).console.dir, resolve('web/dist'));
    });

    it('is no console at all when unset and no default is given', () => {
      assert.equal(loadConfig({}).console.dir, undefined);
    });

    it('a directory that exists wins over the default', () => {
      assert.equal(loadConfig({ SVC_CONSOLE_DIR: tmpdir() }, { env: 'production', consoleDir: 'web/dist' }).console.dir, resolve(tmpdir()));
    });

    it('refuses a path that is not a directory and names the setting', () => {
      const [problem] = problemsOf({ SVC_CONSOLE_DIR: join(tmpdir(), 'no-such-console-build-here') });
      assert.match(problem!, /^SVC_CONSOLE_DIR: ".*no-such-console-build-here" is not a directory; .*npm run build:web/);
    });
  });
});
