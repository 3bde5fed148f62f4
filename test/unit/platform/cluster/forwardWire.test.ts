/**
 * The forwarded request's and answer's frames (src/platform/cluster/forwardWire.ts): what goes in comes out, the
 * body byte for byte (no base64), and a malformed frame from anyone on the bus is refused with a reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeAnswer, decodeRequest, encodeAnswer, encodeRequest, forwardSubject } from '../../../../src/platform/cluster/forwardWire.js';

const head = {
  method: 'POST',
  path: '/api/v1/health/report',
  query: 'a=1',
  headers: { 'x-api-key': 'k', 'content-type': 'application/json', 'idempotency-key': 'fwd-1' },
  peerAddress: '10.0.0.7',
};

const frame = (meta: string, body = '') => {
  const json = Buffer.from(meta);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, Buffer.from(body)]);
};

describe('forwarded requests on the bus', () => {
  it('names the owner in the subject, under the cluster prefix', () => {
    assert.equal(forwardSubject('prod', 'web-2'), 'prod.forward.web-2');
  });

  it('carries the head and the body as they were received', () => {
    const body = Buffer.from([0, 1, 2, 255, 0x7b]);
    const decoded = decodeRequest(encodeRequest({ head, body }));
    assert.deepEqual(decoded.head, head);
    assert.deepEqual(Buffer.from(decoded.body), body);
    assert.equal(
      encodeRequest({ head, body }).length,
      4 + Buffer.byteLength(JSON.stringify(head)) + body.length,
      'the body is not re-encoded',
    );
  });

  it('marks a key the edge made as fresh only on the attempt that says so, and never a request without a key', () => {
    const body = Buffer.from('{}');
    assert.equal(decodeRequest(encodeRequest({ head, body, freshKey: true })).freshKey, true);
    assert.equal(decodeRequest(encodeRequest({ head, body })).freshKey, undefined);
    const { 'idempotency-key': _key, ...unkeyed } = head.headers;
    assert.equal(decodeRequest(encodeRequest({ head: { ...head, headers: unkeyed }, body, freshKey: true })).freshKey, undefined);
    assert.equal(decodeRequest(frame(JSON.stringify({ ...head, freshKey: 'yes' }))).freshKey, undefined, 'only true marks it');
  });

  it('carries an answer and a "not mine"', () => {
    const answer = {
      kind: 'reply' as const,
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"ok":true}'),
    };
    const decoded = decodeAnswer(encodeAnswer(answer));
    assert.equal(decoded.kind === 'reply' && Buffer.from(decoded.body).toString(), '{"ok":true}');
    assert.deepEqual({ ...decoded, body: undefined }, { ...answer, body: undefined });
    assert.deepEqual(decodeAnswer(encodeAnswer({ kind: 'notMine' })), { kind: 'notMine' });
  });

  for (const [what, data, message] of [
    ['a frame shorter than its length prefix', Buffer.from([0, 0]), /shorter than its length prefix/],
    ['a head longer than the frame', Buffer.from([0, 0, 0, 9, 0x7b]), /shorter than its declared head/],
    ['a head that is not JSON', frame('{nope'), /JSON/],
    ['a head without a method', frame(JSON.stringify({ ...head, method: undefined })), /must have method/],
    ['headers that are not strings', frame(JSON.stringify({ ...head, headers: { a: 1 } })), /headers \(string values\)/],
    ['a head that is an array', frame('[]'), /must have method/],
  ] as const) {
    it(`refuses ${what}`, () => assert.throws(() => decodeRequest(data), message));
  }

  it('refuses an answer of another kind', () => {
    assert.throws(() => decodeAnswer(frame(JSON.stringify({ kind: 'reply', status: '200', headers: {} }))), /must be \{kind: "reply"/);
    assert.throws(() => decodeAnswer(frame(JSON.stringify({ kind: 'other' }))), /must be \{kind: "reply"/);
  });
});
