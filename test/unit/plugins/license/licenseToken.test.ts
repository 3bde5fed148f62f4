import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import nacl from 'tweetnacl';
import {
  CLOCK_SKEW_TOLERANCE_MS,
  decodePublicKey,
  decodeSecretKey,
  decodeUnverifiedPayload,
  generateKeyPair,
  issueLicenseToken,
  type LicenseInput,
  type LicenseVerification,
  MAX_LICENSE_TOKEN_LENGTH,
  PLUGIN_NAMES,
  publicKeyOfSecretKey,
  verifyLicenseToken,
} from '../../../../src/plugins/license/licenseToken.js';
import { PRODUCT_LICENSE_PUBLIC_KEY } from '../../../../src/plugins/license/productKey.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const DAY = 86_400_000;
const vendor = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(7));
const stranger = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(9));

const base: LicenseInput = {
  licenseId: 'lic-1',
  customer: 'ACME Ltd',
  plugins: ['ticketing', 'sla'],
  issuedAt: NOW - DAY,
  expiresAt: NOW + 30 * DAY,
};

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/** A token over any payload text (or bytes), signed properly: for payloads issueLicenseToken would refuse. */
function signRaw(payload: string | Uint8Array, secretKey = vendor.secretKey): string {
  const segment = b64url(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload);
  return `${segment}.${b64url(nacl.sign.detached(Buffer.from(segment, 'latin1'), secretKey))}`;
}

function payloadJson(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    licenseId: 'lic-1',
    customer: 'ACME Ltd',
    plugins: ['ticketing'],
    issuedAt: '2026-04-30T12:00:00.000Z',
    expiresAt: '2026-05-31T12:00:00.000Z',
    ...overrides,
  });
}

function verify(token: string, now = NOW): LicenseVerification {
  return verifyLicenseToken(token, vendor.publicKey, now);
}

function assertRefused(token: string, reason: string, message?: RegExp): void {
  const result = verify(token);
  assert.equal(result.ok, false, `expected ${reason}`);
  if (result.ok) return;
  assert.equal(result.reason, reason, result.message);
  if (message) assert.match(result.message, message);
  if (token.length > 20) assert.ok(!result.message.includes(token), 'the message does not echo the token');
}

/** Replaces the character at `index` with another base64url character. */
function changeChar(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('licence token: issue and verify', () => {
  it('a token issued with the vendor key verifies, and gives back what was issued', () => {
    const token = issueLicenseToken(base, vendor.secretKey);
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    assert.deepEqual(verify(token), { ok: true, license: base, unknownPlugins: [] });
  });

  it('the payload is the documented JSON, and the signature is 64 bytes over the ASCII payload segment', () => {
    const token = issueLicenseToken(base, vendor.secretKey);
    const [payload, signature] = token.split('.') as [string, string];
    assert.deepEqual(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), {
      licenseId: 'lic-1',
      customer: 'ACME Ltd',
      plugins: ['ticketing', 'sla'],
      issuedAt: '2026-04-30T12:00:00.000Z',
      expiresAt: '2026-05-31T12:00:00.000Z',
    });
    const sig = Buffer.from(signature, 'base64url');
    assert.equal(sig.length, 64);
    assert.ok(nacl.sign.detached.verify(new TextEncoder().encode(payload), sig, vendor.publicKey));
  });

  it('a licence without expiry has expiresAt null and stays valid', () => {
    const token = issueLicenseToken({ ...base, expiresAt: null }, vendor.secretKey);
    const result = verify(token, NOW + 50 * 365 * DAY);
    assert.equal(result.ok, true);
    assert.equal(result.ok && result.license.expiresAt, null);
  });

  it('round trip with generateKeyPair and the base64 decoders', () => {
    const pair = generateKeyPair();
    const publicKey = decodePublicKey(pair.publicKey);
    const secretKey = decodeSecretKey(pair.secretKey);
    assert.equal(publicKey.length, 32);
    assert.equal(secretKey.length, 64);
    assert.deepEqual(publicKeyOfSecretKey(secretKey), publicKey);
    const license = { ...base, plugins: [...PLUGIN_NAMES] };
    const result = verifyLicenseToken(issueLicenseToken(license, secretKey), publicKey, NOW);
    assert.deepEqual(result, { ok: true, license, unknownPlugins: [] });
  });

  it('an empty plugin list is valid (and enables nothing); duplicates collapse', () => {
    const empty = verify(issueLicenseToken({ ...base, plugins: [] }, vendor.secretKey));
    assert.equal(empty.ok && empty.license.plugins.length, 0);
    const dup = verify(signRaw(payloadJson({ plugins: ['sla', 'audit', 'sla'] })));
    assert.deepEqual(dup.ok && dup.license.plugins, ['sla', 'audit']);
  });

  it('unknown plugin names in a validly signed token are reported, not enabled', () => {
    const result = verify(signRaw(payloadJson({ plugins: ['ticketing', 'reporting', 'sla', 'reporting'] })));
    assert.equal(result.ok, true);
    if (!result.ok) return;
    assert.deepEqual(result.license.plugins, ['ticketing', 'sla']);
    assert.deepEqual(result.unknownPlugins, ['reporting']);
  });

  it('fields beyond the documented five are ignored; time-zone offsets are honoured', () => {
    const result = verify(signRaw(payloadJson({ seats: 50, issuedAt: '2026-05-01T14:00:00+02:00' })));
    assert.equal(result.ok, true);
    assert.equal(result.ok && result.license.issuedAt, NOW);
    assert.deepEqual(Object.keys(result.ok ? result.license : {}).sort(), ['customer', 'expiresAt', 'issuedAt', 'licenseId', 'plugins']);
  });
});

describe('licence token: signature', () => {
  it('a token signed by another key is refused as bad-signature', () => {
    assertRefused(issueLicenseToken(base, stranger.secretKey), 'bad-signature', /not signed by the licence key/);
  });

  it('one changed character in the payload is a bad signature', () => {
    const token = issueLicenseToken(base, vendor.secretKey);
    for (const index of [0, 5, 20, 40]) assertRefused(changeChar(token, index), 'bad-signature');
  });

  it('one changed character in the signature is a bad signature', () => {
    const token = issueLicenseToken(base, vendor.secretKey);
    assertRefused(changeChar(token, token.indexOf('.') + 10), 'bad-signature');
  });

  it('a payload re-encoded with more plugins, keeping the old signature, is refused', () => {
    const token = issueLicenseToken(base, vendor.secretKey);
    const signature = token.split('.')[1] as string;
    const forged = b64url(payloadJson({ plugins: ['ticketing', 'sla', 'audit'], expiresAt: null }));
    assertRefused(`${forged}.${signature}`, 'bad-signature');
  });

  it('the signature is checked before the payload is read: garbage signed by another key is bad-signature', () => {
    assertRefused(signRaw('not json', stranger.secretKey), 'bad-signature');
    assertRefused(signRaw(payloadJson({ expiresAt: '2020-01-01T00:00:00Z' }), stranger.secretKey), 'bad-signature');
  });

  it('a public key of the wrong length is a programming error, not a token verdict', () => {
    const token = issueLicenseToken(base, vendor.secretKey);
    assert.throws(() => verifyLicenseToken(token, new Uint8Array(31), NOW), TypeError);
  });
});

describe('licence token: time', () => {
  it('expired once expiresAt is reached, naming the expiry date', () => {
    const token = issueLicenseToken({ ...base, expiresAt: NOW }, vendor.secretKey);
    assert.equal(verify(token, NOW - 1).ok, true);
    assertRefused(token, 'expired', /expired on 2026-05-01T12:00:00\.000Z/);
    const result = verify(token, NOW + DAY);
    assert.match(result.ok ? '' : result.message, /"lic-1" for "ACME Ltd"/);
  });

  it('issued more than 5 minutes ahead of the clock is not-yet-valid; within 5 minutes is accepted', () => {
    const ahead = issueLicenseToken({ ...base, issuedAt: NOW + CLOCK_SKEW_TOLERANCE_MS + 1 }, vendor.secretKey);
    assertRefused(ahead, 'not-yet-valid', /clock/);
    const skewed = issueLicenseToken({ ...base, issuedAt: NOW + CLOCK_SKEW_TOLERANCE_MS }, vendor.secretKey);
    assert.equal(verify(skewed).ok, true);
  });
});

describe('licence token: malformed', () => {
  const good = issueLicenseToken(base, vendor.secretKey);
  const [goodPayload, goodSignature] = good.split('.') as [string, string];

  it('not two parts', () => {
    assertRefused('', 'malformed', /empty/);
    assertRefused(goodPayload, 'malformed', /1 part\b/);
    assertRefused(`${good}.${goodSignature}`, 'malformed', /3 parts/);
    assertRefused(`${goodPayload}..${goodSignature}`, 'malformed', /3 parts/);
    assertRefused(`.${goodSignature}`, 'malformed', /payload part is empty/);
    assertRefused(`${goodPayload}.`, 'malformed', /signature part is empty/);
  });

  it('characters outside base64url, padding, whitespace', () => {
    assertRefused(`${goodPayload}=.${goodSignature}`, 'malformed', /padding/);
    assertRefused(`${goodPayload}.${goodSignature}==`, 'malformed', /padding/);
    assertRefused(`${goodPayload.replace(/[-_]/g, '+')}+.${goodSignature}`, 'malformed', /'\+' or '\/'/);
    assertRefused(`${goodPayload}.${goodSignature.slice(0, 10)}/${goodSignature.slice(11)}`, 'malformed', /'\+' or '\/'/);
    assertRefused(`${goodPayload}*.${goodSignature}`, 'malformed', /not base64url at position/);
    assertRefused(`${goodPayload}.${goodSignature}\n`, 'malformed', /whitespace/);
    assertRefused(` ${good}`, 'malformed', /whitespace/);
  });

  it('base64url that no encoder writes (impossible length, non-zero trailing bits)', () => {
    const oddLength = goodPayload + 'A'.repeat((5 - (goodPayload.length % 4)) % 4);
    assert.equal(oddLength.length % 4, 1);
    assertRefused(`${oddLength}.${goodSignature}`, 'malformed', /length that no base64url text has/);
    // 64 bytes encode to 86 characters whose last one carries 4 unused bits; 'B' sets one of them.
    assert.equal(goodSignature.length, 86);
    const last = goodSignature.at(-1) as string;
    const nonCanonical = goodSignature.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) + 1);
    assertRefused(`${goodPayload}.${nonCanonical}`, 'malformed', /canonical/);
  });

  it('a signature that is not 64 bytes', () => {
    const sig = Buffer.from(goodSignature, 'base64url');
    assertRefused(`${goodPayload}.${b64url(sig.subarray(0, 63))}`, 'malformed', /63 bytes.*64 bytes/);
    assertRefused(`${goodPayload}.${b64url(Buffer.concat([sig, Buffer.from([0])]))}`, 'malformed', /65 bytes/);
    assertRefused(`${goodPayload}.AAAA`, 'malformed', /3 bytes/);
  });

  it('a signed payload that is not a JSON object, or not UTF-8', () => {
    assertRefused(signRaw('not json'), 'malformed', /not JSON/);
    assertRefused(signRaw('[1,2]'), 'malformed', /not a JSON object/);
    assertRefused(signRaw('null'), 'malformed', /not a JSON object/);
    assertRefused(signRaw(new Uint8Array([0x7b, 0xff, 0x7d])), 'malformed', /UTF-8/);
  });

  const wrongFields: Array<[string, Record<string, unknown>, RegExp]> = [
    ['licenseId a number', { licenseId: 42 }, /"licenseId" must be a non-empty string, but it is a number/],
    ['licenseId missing', { licenseId: undefined }, /no "licenseId" field/],
    ['customer empty', { customer: '' }, /"customer" must be a non-empty string, but it is an empty string/],
    ['customer null', { customer: null }, /"customer" .* null/],
    ['plugins a string', { plugins: 'ticketing' }, /"plugins" must be an array of strings/],
    ['plugins with a number', { plugins: ['sla', 1] }, /"plugins" must be an array of strings/],
    ['issuedAt a number', { issuedAt: NOW }, /"issuedAt" must be an ISO-8601/],
    ['issuedAt not a date', { issuedAt: 'yesterday' }, /"issuedAt" is not an ISO-8601/],
    ['issuedAt without time zone', { issuedAt: '2026-04-30T12:00:00' }, /"issuedAt" is not an ISO-8601/],
    ['issuedAt date only', { issuedAt: '2026-04-30' }, /"issuedAt" is not an ISO-8601/],
    ['issuedAt impossible day', { issuedAt: '2026-02-30T00:00:00Z' }, /"issuedAt" is not an ISO-8601/],
    ['issuedAt hour 24', { issuedAt: '2026-04-30T24:00:00Z' }, /"issuedAt" is not an ISO-8601/],
    ['expiresAt missing', { expiresAt: undefined }, /no "expiresAt" field/],
    ['expiresAt a number', { expiresAt: NOW + DAY }, /"expiresAt" must be an ISO-8601 date-time string or null/],
    ['expiresAt not a date', { expiresAt: 'never' }, /"expiresAt" is not an ISO-8601/],
    ['expiresAt before issuedAt', { expiresAt: '2026-04-01T00:00:00Z' }, /"expiresAt" is not after its "issuedAt"/],
  ];
  for (const [name, overrides, message] of wrongFields) {
    it(`a signed payload with ${name}`, () => assertRefused(signRaw(payloadJson(overrides)), 'malformed', message));
  }

  it('an oversize token is refused before any other work', () => {
    const huge = `${'A'.repeat(MAX_LICENSE_TOKEN_LENGTH)}.${goodSignature}`;
    assertRefused(huge, 'malformed', new RegExp(`${huge.length} characters.*${MAX_LICENSE_TOKEN_LENGTH}`));
    assertRefused('*'.repeat(MAX_LICENSE_TOKEN_LENGTH + 1), 'malformed', /characters long/);
    const atLimit = signRaw(payloadJson({ note: 'x'.repeat(5000) }));
    assert.ok(atLimit.length <= MAX_LICENSE_TOKEN_LENGTH);
    assert.equal(verify(atLimit).ok, true);
  });
});

describe('licence keys and issuing', () => {
  it('decodePublicKey takes 32-byte base64, padded or not, and refuses anything else clearly', () => {
    const text = Buffer.from(vendor.publicKey).toString('base64');
    assert.deepEqual(decodePublicKey(text), vendor.publicKey);
    assert.deepEqual(decodePublicKey(`${text.replace(/=+$/, '')}\n`), vendor.publicKey);
    assert.throws(() => decodePublicKey(Buffer.alloc(31).toString('base64')), /31 bytes; an Ed25519 public key is 32 bytes/);
    assert.throws(() => decodePublicKey(Buffer.from(vendor.secretKey).toString('base64')), /64 bytes/);
    assert.throws(() => decodePublicKey(Buffer.from(vendor.publicKey).toString('base64url')), /not base64/);
    assert.throws(() => decodePublicKey(''), /0 bytes/);
  });

  it('decodeSecretKey refuses a damaged key without repeating it', () => {
    const damaged = Buffer.from(vendor.secretKey);
    damaged[40] = (damaged[40] as number) ^ 1;
    const text = damaged.toString('base64');
    assert.throws(
      () => decodeSecretKey(text),
      (error: Error) => /damaged/.test(error.message) && !error.message.includes(text),
    );
    assert.throws(
      () => decodeSecretKey(Buffer.from(vendor.publicKey).toString('base64')),
      /32 bytes; a tweetnacl Ed25519 secret key is 64 bytes/,
    );
  });

  it('issueLicenseToken refuses input the verifier would not accept', () => {
    assert.throws(() => issueLicenseToken({ ...base, plugins: ['reporting' as 'sla'] }, vendor.secretKey), /unknown plugin "reporting"/);
    assert.throws(() => issueLicenseToken({ ...base, customer: '' }, vendor.secretKey), /customer/);
    assert.throws(() => issueLicenseToken({ ...base, expiresAt: base.issuedAt }, vendor.secretKey), /after issuedAt/);
    assert.throws(() => issueLicenseToken({ ...base, issuedAt: Number.NaN }, vendor.secretKey), /issuedAt/);
    assert.throws(() => issueLicenseToken({ ...base, customer: 'x'.repeat(7000) }, vendor.secretKey), /8192/);
    assert.throws(() => issueLicenseToken(base, vendor.publicKey), /64 bytes/);
  });

  it('decodeUnverifiedPayload shows the payload for display only', () => {
    assert.deepEqual(decodeUnverifiedPayload(signRaw('{"a":1}', stranger.secretKey)), { a: 1 });
    assert.equal(decodeUnverifiedPayload('***.x'), undefined);
  });

  it('the built-in product key is a 32-byte public key', () => {
    assert.equal(decodePublicKey(PRODUCT_LICENSE_PUBLIC_KEY).length, 32);
  });
});
