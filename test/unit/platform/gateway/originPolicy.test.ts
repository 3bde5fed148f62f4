/**
 * The origin rule (issue 27, item 1; src/platform/gateway/originPolicy.ts): the server's own origin always
 * passes, whatever SVC_SECURITY_CORS_ALLOWED_ORIGINS lists; the list adds other origins; a request
 * without Origin is no browser page and is told apart. "Own origin" is gorilla/websocket's default
 * CheckOrigin: the Origin's host and port equal the host the request was sent to, a left-out port
 * being the Origin scheme's default. Before, only listed origins passed, so with a list set the
 * console the server serves itself lost its WebSocket.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOriginPolicy, isSameOrigin } from '../../../../src/platform/gateway/originPolicy.js';

const LISTED = 'https://ops.example.com';
const PROXY = '10.0.0.5';
const policy = createOriginPolicy([LISTED], (address) => address === PROXY);
const standing = (headers: Record<string, string>, peerAddress = '192.0.2.10') => policy.standing({ headers, peerAddress });

describe('same origin: the Origin names the host and port the request was sent to', () => {
  const table: Array<[origin: string, host: string, same: boolean, why: string]> = [
    ['http://127.0.0.1:8080', '127.0.0.1:8080', true, 'same host and port'],
    ['http://127.0.0.1:8080', '127.0.0.1:9090', false, 'another port'],
    ['http://localhost:8080', '127.0.0.1:8080', false, 'another host name for the same address'],
    ['https://console.example.com', 'console.example.com', true, 'https, both ports left out (443)'],
    ['https://console.example.com', 'console.example.com:443', true, 'https, the default port written out in Host'],
    ['https://console.example.com:443', 'console.example.com', true, 'https, the default port written out in Origin'],
    ['http://console.example.com', 'console.example.com:80', true, 'http, the default port written out in Host'],
    ['https://console.example.com', 'console.example.com:80', false, "https's default port 443 is not 80"],
    ['http://console.example.com', 'console.example.com:443', false, "http's default port 80 is not 443"],
    ['http://console.example.com:443', 'console.example.com', false, 'an explicit 443 on http is not the 80 a bare Host means'],
    ['HTTPS://Console.Example.COM', 'console.example.com', true, 'host names compare without case'],
    ['http://[::1]:8080', '[::1]:8080', true, 'IPv6 literal'],
    ['http://[::1]:8080', '[::1]:8081', false, 'IPv6 literal, another port'],
    ['https://console.example.com.evil.net', 'console.example.com', false, 'a longer host that starts the same'],
    ['https://evil.net', 'evil.net@console.example.com', false, 'a Host with user info is no plain host'],
    ['https://console.example.com/app', 'console.example.com', false, 'an Origin has no path'],
    ['null', 'console.example.com', false, 'an opaque origin (sandboxed page, file:)'],
    ['ws://console.example.com', 'console.example.com', false, 'not an http(s) origin'],
    ['https://console.example.com', '', false, 'an empty Host'],
  ];
  for (const [origin, host, same, why] of table) {
    it(`${origin} and Host ${JSON.stringify(host)}: ${same ? 'same' : 'not same'} (${why})`, () => {
      assert.equal(isSameOrigin(origin, host), same);
    });
  }
});

describe('the standing of a request with SVC_SECURITY_CORS_ALLOWED_ORIGINS=https://ops.example.com', () => {
  it('no Origin header: absent (agents, scripts), as before', () => {
    assert.equal(standing({ host: '127.0.0.1:8080' }), 'absent');
  });
  it("the server's own page on another port than any listed origin: same-origin", () => {
    assert.equal(standing({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' }), 'same-origin');
  });
  it('a page on the same host but another port: other', () => {
    assert.equal(standing({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:5173' }), 'other');
  });
  it('a listed origin: listed (any case, as configured)', () => {
    assert.equal(standing({ host: '127.0.0.1:8080', origin: LISTED }), 'listed');
    assert.equal(standing({ host: '127.0.0.1:8080', origin: 'https://OPS.example.com' }), 'listed');
  });
  it('an origin neither own nor listed: other', () => {
    assert.equal(standing({ host: '127.0.0.1:8080', origin: 'https://evil.example.net' }), 'other');
  });
  it('X-Forwarded-Host names the public host when a trusted proxy sends it (its first value)', () => {
    const headers = {
      host: '10.0.0.9:8080',
      'x-forwarded-host': 'console.example.com, 10.0.0.9:8080',
      origin: 'https://console.example.com',
    };
    assert.equal(standing(headers, PROXY), 'same-origin');
    assert.equal(policy.requestHost({ headers, peerAddress: PROXY }), 'console.example.com');
  });
  it('X-Forwarded-Host from anyone else is ignored: Host counts', () => {
    const headers = { host: '10.0.0.9:8080', 'x-forwarded-host': 'evil.example.net', origin: 'https://evil.example.net' };
    assert.equal(standing(headers), 'other');
    assert.equal(standing({ ...headers, origin: 'http://10.0.0.9:8080' }), 'same-origin');
  });
  it('without a list, hasList is false (the WebSocket upgrade then checks no origin, as before)', () => {
    assert.equal(createOriginPolicy([], () => false).hasList, false);
    assert.equal(policy.hasList, true);
  });
});
