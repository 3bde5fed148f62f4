/**
 * The licence over time, through real HTTP: expiry watched while the server runs (manual clock, no
 * restart), restarts keeping the activation and the plugin switches (durableStore), SVC_LICENSE_KEY
 * checked at start (a bad one is logged and ignored, never fatal), and the latest issuedAt winning
 * between a stored activation and SVC_LICENSE_KEY.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends, type Backend } from '../../../support/backends.js';
import { gql, signInAdmin } from '../../../support/graphql.js';
import {
  activate,
  activated,
  activationRows,
  activeNames,
  DAY,
  gate,
  gateRoutes,
  HOUR,
  LICENSE_ENV,
  licenseInfo,
  licenseToken,
  STRANGER,
  TOGGLE,
} from '../../../support/license.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

type ManualClock = ReturnType<typeof createManualClock>;

/** Runs `body` against one server and closes it, on `store` when given (restarts) or a fresh one. */
async function withServer<T>(
  backend: Backend,
  options: { clock: ManualClock; store?: ReturnType<Awaited<ReturnType<typeof durableStore>>['forRun']>; env?: Record<string, string> },
  body: (t: TestServer) => Promise<T>,
): Promise<T> {
  const t = await startTestServer(backend, {
    clock: options.clock,
    env: { ...LICENSE_ENV, ...options.env },
    extraRoutes: gateRoutes,
    ...(options.store ? { store: options.store } : {}),
  });
  try {
    return await body(t);
  } finally {
    await t.close();
  }
}

/** A durable store for `runs`, disposed afterwards. */
async function restarts(backend: Backend, runs: (store: Awaited<ReturnType<typeof durableStore>>) => Promise<void>): Promise<void> {
  const durable = await durableStore(backend);
  try {
    await runs(durable);
  } finally {
    await durable.dispose();
  }
}

const licenceLog = (t: TestServer) =>
  t.logs.filter((r) => typeof r['msg'] === 'string' && (r['msg'] as string).startsWith('SVC_LICENSE_KEY'));

for (const backend of testBackends()) {
  describe(`licence expiry while the server runs (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: LICENSE_ENV, extraRoutes: gateRoutes });
    });
    after(() => t.close());

    /** Activates a licence for ticketing and sla that expires in a day, then moves the clock past its expiry. */
    async function activateAndOutlive(licenseId: string): Promise<number> {
      const expiresAt = clock.now() + DAY;
      await activated(t, licenseToken(clock, { licenseId, expiresAt }));
      assert.deepEqual(activeNames(await licenseInfo(t)), ['ticketing', 'sla']);
      clock.set(expiresAt + 1);
      return expiresAt;
    }

    it('once the clock passes expiresAt, licenseInfo is EXPIRED and every plugin is inactive, without a restart', async () => {
      const expiresAt = await activateAndOutlive('lic-expiring');
      const info = await licenseInfo(t); // a fresh sign-in: the earlier access token expired with the day
      assert.equal(info.status, 'EXPIRED');
      assert.equal(info.licenseId, 'lic-expiring');
      assert.equal(info.expiresAt, new Date(expiresAt).toISOString());
      assert.deepEqual(
        info.plugins.map((p: any) => [p.name, p.licensed, p.active]),
        [
          ['ticketing', false, false],
          ['sla', false, false],
          ['audit', false, false],
        ],
      );
    });

    it('the expiry is announced (license.updated, reason expired) at the expiry instant, when the clock reaches it', async () => {
      const expiresAt = clock.now() + DAY;
      await activated(t, licenseToken(clock, { licenseId: 'lic-announced', expiresAt }));
      const expired: { at: number; activePlugins: readonly string[] }[] = [];
      const unsubscribe = t.server.bus.subscribe('license.updated', (e) => {
        if (e.reason === 'expired') expired.push(e);
      });
      try {
        clock.set(expiresAt - 1);
        assert.equal(expired.length, 0, 'not a millisecond early');
        clock.set(expiresAt + HOUR);
        assert.deepEqual(
          expired.map((e) => [e.at, e.activePlugins]),
          [[expiresAt, []]],
          'once, stamped with the expiry instant',
        );
      } finally {
        unsubscribe();
      }
    });

    it('once the licence expired, a plugin endpoint answers 503 {error} saying when it expired', async () => {
      const expiresAt = await activateAndOutlive('lic-gate');
      const res = await gate(t, 'ticketing');
      assert.equal(res.status, 503, res.text);
      assert.match(res.json.error, new RegExp(`licence expired on ${new Date(expiresAt).toISOString().replace(/\./g, '\\.')}`));
    });

    it('once the licence expired, a plugin it listed cannot be turned on (BAD_USER_INPUT)', async () => {
      await activateAndOutlive('lic-toggle');
      const res = await gql(t, TOGGLE, { n: 'sla', e: true }, (await signInAdmin(t)).accessToken);
      assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
    });

    it('after expiry, activating a renewed licence makes its plugins active again, without a restart', async () => {
      await activateAndOutlive('lic-before-renewal');
      await activated(t, licenseToken(clock, { licenseId: 'lic-renewed' }));
      const info = await licenseInfo(t);
      assert.deepEqual([info.status, info.licenseId], ['ACTIVE', 'lic-renewed']);
      assert.deepEqual(activeNames(info), ['ticketing', 'sla']);
    });
  });

  describe(`licence across restarts (${backend.name})`, () => {
    it('an activated licence is in force again after a restart', async () => {
      const clock = createManualClock();
      await restarts(backend, async (durable) => {
        await withServer(backend, { clock, store: durable.forRun() }, (t) => activated(t, licenseToken(clock, { licenseId: 'lic-kept' })));
        await withServer(backend, { clock, store: durable.forRun() }, async (t) => {
          const info = await licenseInfo(t);
          assert.deepEqual([info.status, info.licenseId, info.customer], ['ACTIVE', 'lic-kept', 'ACME Ltd']);
          assert.deepEqual(activeNames(info), ['ticketing', 'sla']);
        });
      });
    });

    it('a plugin turned off stays off after a restart', async () => {
      const clock = createManualClock();
      await restarts(backend, async (durable) => {
        await withServer(backend, { clock, store: durable.forRun() }, async (t) => {
          await activated(t, licenseToken(clock));
          assert.equal((await gql(t, TOGGLE, { n: 'sla', e: false }, (await signInAdmin(t)).accessToken)).errors, undefined);
        });
        await withServer(backend, { clock, store: durable.forRun() }, async (t) => {
          const info = await licenseInfo(t);
          assert.deepEqual(
            info.plugins.find((p: any) => p.name === 'sla'),
            { name: 'sla', licensed: true, enabled: false, active: false },
          );
          assert.deepEqual(activeNames(info), ['ticketing']);
        });
      });
    });

    it('a stored licence that expired while the server was down is shown EXPIRED after the restart, every plugin inactive', async () => {
      const clock = createManualClock();
      await restarts(backend, async (durable) => {
        await withServer(backend, { clock, store: durable.forRun() }, (t) =>
          activated(t, licenseToken(clock, { expiresAt: clock.now() + DAY })),
        );
        clock.advance(2 * DAY);
        await withServer(backend, { clock, store: durable.forRun() }, async (t) => {
          const info = await licenseInfo(t);
          assert.equal(info.status, 'EXPIRED', 'as a running server shows it, not NONE');
          assert.deepEqual(activeNames(info), []);
        });
      });
    });

    it('a licence activated after an older one stays in force after a restart (the older cannot displace it)', async () => {
      const clock = createManualClock();
      await restarts(backend, async (durable) => {
        await withServer(backend, { clock, store: durable.forRun() }, async (t) => {
          await activated(t, licenseToken(clock, { licenseId: 'lic-new' }));
          assert.equal((await activate(t, licenseToken(clock, { licenseId: 'lic-old', issuedAt: clock.now() - 2 * DAY }))).status, 400);
        });
        await withServer(backend, { clock, store: durable.forRun() }, async (t) =>
          assert.equal((await licenseInfo(t)).licenseId, 'lic-new'),
        );
      });
    });
  });

  describe(`SVC_LICENSE_KEY at start (${backend.name})`, () => {
    it('a valid token makes its plugins active and is stored as an environment activation', async () => {
      const clock = createManualClock();
      await withServer(
        backend,
        { clock, env: { SVC_LICENSE_KEY: licenseToken(clock, { licenseId: 'lic-env', plugins: ['audit'] }) } },
        async (t) => {
          const info = await licenseInfo(t);
          assert.deepEqual([info.status, info.licenseId], ['ACTIVE', 'lic-env']);
          assert.deepEqual(activeNames(info), ['audit']);
          assert.equal((await gate(t, 'audit')).status, 200);
          assert.deepEqual(
            (await activationRows(t)).map((r) => [r.license_id, r.source, r.activated_by]),
            [['lic-env', 'environment', null]],
          );
          assert.deepEqual(licenceLog(t), []);
        },
      );
    });

    const refused: [string, (clock: ManualClock) => string, string, RegExp][] = [
      [
        'signed by another key pair',
        (clock) => licenseToken(clock, {}, STRANGER.secretKey),
        'bad-signature',
        /not signed by the licence key this server trusts/,
      ],
      [
        'expired',
        (clock) => licenseToken(clock, { issuedAt: clock.now() - 10 * DAY, expiresAt: clock.now() - DAY }),
        'expired',
        /expired on 2025-12-31T00:00:00\.000Z/,
      ],
      ['malformed', () => 'this-is-not-a-licence', 'malformed', /two base64url parts/],
    ];
    for (const [what, make, reason, detail] of refused) {
      it(`a token that is ${what} is logged with reason ${reason}, and the server starts with no plugin active`, async () => {
        const clock = createManualClock();
        const token = make(clock);
        await withServer(backend, { clock, env: { SVC_LICENSE_KEY: token } }, async (t) => {
          const [record, ...more] = licenceLog(t);
          assert.equal(more.length, 0);
          assert.equal(record?.['level'], 'error');
          assert.equal(record?.['msg'], 'SVC_LICENSE_KEY is not usable; continuing without it');
          assert.equal(record?.['reason'], reason);
          assert.match(String(record?.['detail']), detail);
          assert.ok(!JSON.stringify(record).includes(token), 'the log does not repeat the token');
          const info = await licenseInfo(t);
          assert.equal(info.status, 'NONE');
          assert.deepEqual(activeNames(info), []);
          assert.deepEqual(await activationRows(t), []);
        });
      });
    }

    it('a stored activation issued later than SVC_LICENSE_KEY stays in force', async () => {
      const clock = createManualClock();
      await restarts(backend, async (durable) => {
        await withServer(backend, { clock, store: durable.forRun() }, (t) =>
          activated(t, licenseToken(clock, { licenseId: 'lic-stored' })),
        );
        const older = licenseToken(clock, { licenseId: 'lic-env-older', plugins: ['audit'], issuedAt: clock.now() - 2 * DAY });
        await withServer(backend, { clock, store: durable.forRun(), env: { SVC_LICENSE_KEY: older } }, async (t) => {
          const info = await licenseInfo(t);
          assert.equal(info.licenseId, 'lic-stored');
          assert.deepEqual(activeNames(info), ['ticketing', 'sla']);
        });
      });
    });

    it('SVC_LICENSE_KEY issued later than the stored activation takes over, and is stored once', async () => {
      const clock = createManualClock();
      await restarts(backend, async (durable) => {
        await withServer(backend, { clock, store: durable.forRun() }, (t) =>
          activated(t, licenseToken(clock, { licenseId: 'lic-stored-older', issuedAt: clock.now() - 2 * DAY })),
        );
        clock.advance(HOUR);
        const newer = licenseToken(clock, { licenseId: 'lic-env-newer', plugins: ['audit'] });
        for (let run = 0; run < 2; run++) {
          await withServer(backend, { clock, store: durable.forRun(), env: { SVC_LICENSE_KEY: newer } }, async (t) => {
            const info = await licenseInfo(t);
            assert.equal(info.licenseId, 'lic-env-newer');
            assert.deepEqual(activeNames(info), ['audit']);
            assert.deepEqual(
              (await activationRows(t)).map((r) => [r.license_id, r.source]),
              [
                ['lic-stored-older', 'api'],
                ['lic-env-newer', 'environment'],
              ],
            );
          });
        }
      });
    });
  });
}
