/**
 * Licence and plugin changes made while the server runs are in the log: who activated which
 * licence, who turned which plugin on or off (src/plugins/license/licenseManager.ts), at most a line
 * a minute per licence or plugin, with the count.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { LICENCE_CHANGED_MESSAGE } from '../../../../src/plugins/license/licenseManager.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken, TOGGLE } from '../../../support/license.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

for (const backend of testBackends()) {
  describe(`licence changes in the log (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: LICENSE_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const changes = () => t.logs.filter((l) => l['msg'] === LICENCE_CHANGED_MESSAGE);

    it('logs a licence activated at run time: which licence, the plugins it turns on, and who activated it', async () => {
      await activated(t, licenseToken(clock, { licenseId: 'lic-log' }));
      const [line] = changes().filter((l) => l['change'] === 'activated');
      assert.deepEqual(
        [line?.['level'], line?.['licenseId'], line?.['customer'], line?.['activePlugins'], line?.['by']],
        ['info', 'lic-log', 'ACME Ltd', ['ticketing', 'sla'], 'api-key'],
      );
    });

    it('logs a plugin turned off and on, naming the plugin and the admin', async () => {
      for (const enabled of [false, true]) {
        const res = await gql(t, TOGGLE, { n: 'sla', e: enabled }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
      }
      clock.advance(60_000);
      assert.deepEqual(
        changes()
          .filter((l) => l['plugin'] === 'sla')
          .map((l) => [l['change'], l['by'], l['count']]),
        [
          ['plugin-disabled', 'user:admin', 1],
          ['plugin-enabled', 'user:admin', 1],
        ],
        'the second switch within the minute is written by the sweep, with its count',
      );
    });
  });
}
