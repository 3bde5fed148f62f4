/**
 * The log level at run time: an admin reads and sets it over GraphQL (permission `log:level`), the
 * change applies to the next line everywhere and is itself logged with who made it; others are refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOG_LEVEL_CHANGED_MESSAGE } from '../../../../src/plugins/logLevel/logLevelModule.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const SET = 'mutation($l: LogLevel!) { setLogLevel(level: $l) }';
const GET = '{ logLevel }';

for (const backend of testBackends()) {
  describe(`log level at run time (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    it('an admin turns debug on: the next request is logged at debug, and the change names who made it', async () => {
      const set = await gql(t, SET, { l: 'DEBUG' }, admin.accessToken);
      assert.deepEqual(set.data, { setLogLevel: 'DEBUG' });
      assert.deepEqual((await gql(t, GET, undefined, admin.accessToken)).data, { logLevel: 'DEBUG' });
      const change = t.logs.find((l) => l['msg'] === LOG_LEVEL_CHANGED_MESSAGE);
      assert.deepEqual([change?.['from'], change?.['to'], change?.['by']], ['info', 'debug', 'admin']);
      await t.call('GET', '/health', undefined, { 'x-request-id': 'after-debug' });
      assert.ok(t.logs.some((l) => l['msg'] === 'request' && l['requestId'] === 'after-debug'));
    });

    it('an admin turns it back to warn: info lines stop, the change itself is still written', async () => {
      await gql(t, SET, { l: 'WARN' }, admin.accessToken);
      const before = t.logs.length;
      await t.call('POST', '/api/v1/health/report', { service: 'quiet', nodeId: 'eu/a', status: 'DOWN' });
      assert.deepEqual(t.logs.slice(before), []);
      assert.equal(t.logs.filter((l) => l['msg'] === LOG_LEVEL_CHANGED_MESSAGE).at(-1)?.['to'], 'warn');
    });

    it('an operator may not read or set it', async () => {
      const operator = await personWithRole(t, admin, 'OPERATOR');
      assert.deepEqual((await gql(t, SET, { l: 'DEBUG' }, operator.accessToken)).codes, ['FORBIDDEN']);
      assert.deepEqual((await gql(t, GET, undefined, operator.accessToken)).codes, ['FORBIDDEN']);
    });

    it('refuses a level it does not know with a coded error', async () => {
      const res = await gql(t, SET, { l: 'VERBOSE' }, admin.accessToken);
      assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
    });
  });
}
