/**
 * The router's paths (src/platform/gateway/routes.ts): exact paths stay a map lookup, `{name}` patterns are
 * matched after them with UUID parameters, and 404 / 405 / 400 come out as the error catalog says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonReply } from '../../../../src/platform/gateway/http.js';
import { REST_OF_PATH, Router, type GatewayRoute } from '../../../../src/platform/gateway/routes.js';

const route = (method: 'GET' | 'POST', path: string): GatewayRoute => ({
  method,
  path,
  auth: 'none',
  rateLimited: true,
  bodyLimit: 0,
  handle: async () => jsonReply(200, { path }),
});

const TICKET = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ATTACHMENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const router = new Router([
  route('GET', '/health'),
  route('POST', '/api/v1/tickets/{ticketId}/attachments'),
  route('GET', '/api/v1/tickets/{ticketId}/attachments'),
  route('GET', '/api/v1/tickets/attachments/{id}'),
  route('GET', '/api/v1/tickets/export'),
]);

function routed(method: string, path: string) {
  const match = router.match(method, path);
  assert.ok(match && 'route' in match, `${method} ${path} matches a route`);
  return { path: match.route.path, method: match.route.method, params: { ...match.params } };
}

describe('router paths', () => {
  it('an exact path matches with no parameters', () => {
    assert.deepEqual(routed('GET', '/health'), { path: '/health', method: 'GET', params: {} });
  });

  it('a pattern hands over its parameter, lower-cased', () => {
    assert.deepEqual(routed('POST', `/api/v1/tickets/${TICKET.toUpperCase()}/attachments`), {
      path: '/api/v1/tickets/{ticketId}/attachments',
      method: 'POST',
      params: { ticketId: TICKET },
    });
    assert.deepEqual(routed('GET', `/api/v1/tickets/attachments/${ATTACHMENT}`), {
      path: '/api/v1/tickets/attachments/{id}',
      method: 'GET',
      params: { id: ATTACHMENT },
    });
  });

  it('a trailing slash is the same path', () => {
    assert.equal(routed('GET', `/api/v1/tickets/${TICKET}/attachments/`).path, '/api/v1/tickets/{ticketId}/attachments');
  });

  it('an exact path wins over a pattern of the same shape', () => {
    assert.deepEqual(routed('GET', '/api/v1/tickets/export').params, {});
  });

  it('a pattern path with a method it lacks gives the methods it has (405)', () => {
    assert.deepEqual(router.match('DELETE', `/api/v1/tickets/${TICKET}/attachments`), { allowed: ['POST', 'GET'] });
    assert.deepEqual(router.match('POST', `/api/v1/tickets/attachments/${ATTACHMENT}`), { allowed: ['GET'] });
  });

  describe('a parameter that is not a UUID is refused (400) naming the parameter', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['a word', '/api/v1/tickets/attachments/latest'],
      ['a path up', '/api/v1/tickets/attachments/..'],
      ['an encoded path up', '/api/v1/tickets/%2e%2e%2f%2e%2e/attachments'],
      ['a UUID with a suffix', `/api/v1/tickets/${TICKET}x/attachments`],
      ['an empty segment', '/api/v1/tickets//attachments'],
    ];
    for (const [what, path] of cases) {
      it(what, () => {
        const match = router.match('GET', path);
        assert.ok(match && 'invalid' in match, `${path}: ${JSON.stringify(match)}`);
        assert.match(match.invalid, /must be a UUID/);
      });
    }
  });

  describe('paths of no route are not found (404)', () => {
    for (const path of [
      '/api/v1/tickets',
      `/api/v1/tickets/${TICKET}`,
      `/api/v1/tickets/${TICKET}/attachments/${ATTACHMENT}`,
      `/api/v1/tickets/${TICKET}/comments`,
      '/nothing',
    ]) {
      it(path, () => assert.equal(router.match('GET', path), undefined));
    }
  });

  it('a route declared twice, or a malformed pattern, fails at start', () => {
    assert.throws(() => new Router([route('GET', '/a/{id}'), route('GET', '/a/{id}')]), /declared twice/);
    assert.throws(() => new Router([route('GET', '/a/{id}/{id}')]), /twice/);
    assert.throws(() => new Router([route('GET', '/a/x{id}')]), /whole segment/);
  });

  describe('prefix routes (/base/*): the base and every path below it no other route has', () => {
    const prefixed = new Router([
      route('GET', '/app/*'),
      route('GET', '/app/assets/*'),
      route('GET', '/app/health'),
      route('GET', `/app/things/{id}`),
    ]);
    const rest = (method: string, path: string) => {
      const match = prefixed.match(method, path);
      assert.ok(match && 'route' in match, `${method} ${path}: ${JSON.stringify(match)}`);
      return [match.route.path, match.params[REST_OF_PATH]];
    };

    it('the base with and without its slash, and the path below it, undecoded', () => {
      assert.deepEqual(rest('GET', '/app'), ['/app/*', '']);
      assert.deepEqual(rest('GET', '/app/'), ['/app/*', '']);
      assert.deepEqual(rest('GET', '/app/tickets/'), ['/app/*', 'tickets/']);
      assert.deepEqual(rest('GET', '/app/a/%2e%2e/b'), ['/app/*', 'a/%2e%2e/b']);
    });

    it('the longest prefix first, whatever the declaration order', () => {
      assert.deepEqual(rest('GET', '/app/assets/x.js'), ['/app/assets/*', 'x.js']);
      assert.deepEqual(rest('GET', '/app/assetsx'), ['/app/*', 'assetsx']);
    });

    it('exact paths and patterns come before prefixes', () => {
      assert.deepEqual(rest('GET', '/app/health'), ['/app/health', undefined]);
      assert.deepEqual(rest('GET', `/app/things/${TICKET}`), ['/app/things/{id}', undefined]);
    });

    it('a path that only starts like the base is not below it', () => {
      assert.equal(prefixed.match('GET', '/application'), undefined);
      assert.equal(prefixed.match('GET', '/'), undefined);
    });

    it('a method it lacks gives the methods it has (405)', () => {
      assert.deepEqual(prefixed.match('POST', '/app/x'), { allowed: ['GET'] });
      assert.deepEqual(prefixed.match('HEAD', '/app'), { allowed: ['GET'] });
    });

    it('a malformed prefix fails at start', () => {
      assert.throws(() => new Router([route('GET', '/*')]), /prefix/);
      assert.throws(() => new Router([route('GET', '/a/{id}/*')]), /prefix/);
      assert.throws(() => new Router([route('GET', '/a/*'), route('GET', '/a/*')]), /declared twice/);
    });
  });
});
