import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  signatureHeaders,
  standardKey,
  standardSecretProblem,
  standardSignature,
  svcSignature,
} from '../../../../src/plugins/webhooks/signatures.js';

describe('webhook signatures', () => {
  const body = '{"id":"e1","event":"service.down","timestamp":"2026-03-01T12:00:00.000Z","data":{"name":"ü"}}';

  it('X-Svc-Signature is sha256= and the hex HMAC-SHA256 of the body bytes keyed with the secret', () => {
    // Known answer (computed independently with openssl dgst -sha256 -hmac).
    assert.equal(
      svcSignature('key', 'The quick brown fox jumps over the lazy dog'),
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    assert.equal(
      svcSignature('s3cret-s3cret-s3cret', body),
      `sha256=${createHmac('sha256', 's3cret-s3cret-s3cret').update(Buffer.from(body, 'utf8')).digest('hex')}`,
    );
    assert.equal(
      svcSignature('s3cret-s3cret-s3cret', Buffer.from(body)),
      svcSignature('s3cret-s3cret-s3cret', body),
      'string and bytes sign the same',
    );
  });

  it('the Standard Webhooks signature is v1, and the base64 HMAC of "id.timestamp.body"', () => {
    const expected = createHmac('sha256', 'plain-secret-0123456789').update(`msg_1.1767225600.${body}`).digest('base64');
    assert.equal(standardSignature('plain-secret-0123456789', 'msg_1', 1767225600, body), `v1,${expected}`);
  });

  it('a whsec_ secret is the base64 of the key, as the Standard Webhooks libraries read it', () => {
    const key = Buffer.alloc(32, 7);
    const secret = `whsec_${key.toString('base64')}`;
    assert.deepEqual(standardKey(secret), key);
    assert.equal(standardSignature(secret, 'id', 1, 'x'), `v1,${createHmac('sha256', key).update('id.1.x').digest('base64')}`);
    assert.equal(standardSecretProblem(secret), undefined);
    assert.match(standardSecretProblem('whsec_AAAA')!, /24 to 64 bytes/);
    assert.match(standardSecretProblem('whsec_not base64!')!, /base64/);
    assert.equal(standardSecretProblem('an-ordinary-secret'), undefined);
  });

  it('headers: id and timestamp (unix seconds of the attempt) always; both signatures only with a secret', () => {
    assert.deepEqual(signatureHeaders(null, 'e1', 1_767_225_600_999, body), { 'webhook-id': 'e1', 'webhook-timestamp': '1767225600' });
    const signed = signatureHeaders('s3cret-s3cret-s3cret', 'e1', 1_767_225_600_999, body);
    assert.deepEqual(Object.keys(signed).sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp', 'x-svc-signature']);
    assert.equal(signed['webhook-signature'], standardSignature('s3cret-s3cret-s3cret', 'e1', 1767225600, body));
  });
});
