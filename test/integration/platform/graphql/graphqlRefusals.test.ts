/**
 * The gateway's own refusals on /graphql are GraphQL-shaped (issue 27, item E): a GraphQL client
 * reads `errors`, so 405, 413, 415, 429 and a body that is not JSON answer
 * `{"errors": [{"message", "extensions": {"code"}}]}` there, with the same HTTP status as on REST.
 * Before, 405 and 413 answered the REST `{"error"}` and clients showed "unknown error".
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { embeddedBackend, testBackends } from '../../../support/backends.js';
import { RawConnection } from '../../../support/rawHttp.js';
import { call, startTestServer, TEST_API_KEY, type TestResponse, type TestServer } from '../../../support/testServer.js';

const QUERY = JSON.stringify({ query: '{ serverVersion }' });

function assertGraphQLRefusal(res: TestResponse, status: number, code: string, message: RegExp): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.headers.get('content-type'), 'application/json');
  assert.deepEqual(Object.keys(res.json), ['errors'], res.text);
  assert.equal(res.json.errors.length, 1, res.text);
  assert.equal(res.json.errors[0].extensions.code, code, res.text);
  assert.match(res.json.errors[0].message, message);
}

for (const backend of testBackends()) {
  describe(`gateway refusals on /graphql are GraphQL errors (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '3' } });
    });
    after(() => t.close());
    // Each test starts with a full bucket: ten seconds refill far more than the burst of 3.
    const refill = () => clock.advance(10_000);

    const refusals: ReadonlyArray<readonly [string, number, string, RegExp, () => Promise<TestResponse>]> = [
      ['GET', 405, 'BAD_USER_INPUT', /\/graphql accepts POST/, () => call(t.url, 'GET', '/graphql')],
      [
        'a body over 256 KiB',
        413,
        'BAD_USER_INPUT',
        /256 KiB/,
        () => call(t.url, 'POST', '/graphql', `{"query":"{ serverVersion }","x":"${'a'.repeat(256 * 1024)}"}`),
      ],
      [
        'a browser form post',
        415,
        'BAD_USER_INPUT',
        /Content-Type: application\/json/,
        () => call(t.url, 'POST', '/graphql', QUERY, { 'content-type': 'text/plain', origin: 'https://elsewhere.example' }),
      ],
      ['a body that is not JSON', 400, 'BAD_USER_INPUT', /not valid JSON/, () => call(t.url, 'POST', '/graphql', '{"query": ')],
    ];
    for (const [what, status, code, message, send] of refusals) {
      it(`${what} is answered ${status} with errors[].extensions.code ${code}`, async () => {
        refill();
        assertGraphQLRefusal(await send(), status, code, message);
      });
    }

    it('the 405 still names the allowed method in Allow', async () => {
      refill();
      assert.equal((await call(t.url, 'GET', '/graphql')).headers.get('allow'), 'POST');
    });

    it('over the rate limit it is answered 429 with RATE_LIMITED, Retry-After and retryAfterSeconds', async () => {
      refill();
      for (let i = 1; i <= 3; i += 1) assert.equal((await call(t.url, 'POST', '/graphql', QUERY)).status, 200, `request ${i}`);
      const res = await call(t.url, 'POST', '/graphql', QUERY);
      assertGraphQLRefusal(res, 429, 'RATE_LIMITED', /rate limit exceeded/);
      assert.equal(res.headers.get('retry-after'), '1');
      assert.equal(res.json.errors[0].extensions.retryAfterSeconds, 1);
    });

    it('REST paths keep the {"error"} shape for the same refusals', async () => {
      refill();
      const res = await call(t.url, 'GET', '/api/v1/operator/register');
      assert.equal(res.status, 405);
      assert.deepEqual(Object.keys(res.json), ['error']);
    });
  });
}

describe('a stop under way refuses in the shape of the path (one backend is enough: no database involved)', () => {
  it('/graphql gets a GraphQL error and REST {"error"}, both 503 with Retry-After, on connections kept alive from before', async () => {
    const t = await startTestServer(embeddedBackend);
    const port = Number(new URL(t.url).port);
    const keptAlive = async () => {
      const connection = await RawConnection.open(port);
      await connection.write('GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      assert.equal((await connection.response()).status, 200);
      return connection;
    };
    // A request whose body is still arriving keeps the stop draining, so the refusals below are the stop's.
    // It is sent first: the two round trips below then prove the server has read it before the stop begins
    // (a stop with nothing under way closes idle connections at once).
    const holding = await RawConnection.open(port);
    await holding.write(
      `POST /api/v1/operator/heartbeat HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${TEST_API_KEY}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
    );
    const graphql = await keptAlive();
    const rest = await keptAlive();
    const closing = t.close();
    try {
      await graphql.write(
        `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(QUERY)}\r\n\r\n${QUERY}`,
      );
      const answer = await graphql.response();
      assert.equal(answer.status, 503, answer.body);
      assert.equal(answer.headers['retry-after'], '1');
      const body = JSON.parse(answer.body);
      assert.deepEqual(Object.keys(body), ['errors'], answer.body);
      assert.equal(body.errors[0].extensions.code, 'UNAVAILABLE', answer.body);
      assert.match(body.errors[0].message, /shutting down/);

      await rest.write('GET /api/v1/operator/nodes HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      const restAnswer = await rest.response();
      assert.equal(restAnswer.status, 503, restAnswer.body);
      assert.deepEqual(Object.keys(JSON.parse(restAnswer.body)), ['error'], restAnswer.body);
    } finally {
      holding.close();
      graphql.close();
      rest.close();
      await closing;
    }
  });
});
