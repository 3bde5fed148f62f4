import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAddressMatcher, normalizeAddress, parseAddressRange } from '../../../../src/platform/gateway/addressRange.js';
import { resolveClientAddress } from '../../../../src/platform/gateway/clientAddress.js';

describe('peer addresses', () => {
  it('shows IPv4-mapped IPv6 as IPv4, in every spelling', () => {
    assert.equal(normalizeAddress('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(normalizeAddress('0000:0000:0000:0000:0000:ffff:7f00:0001'), '127.0.0.1');
    assert.equal(normalizeAddress('::FFFF:7F00:1'), '127.0.0.1');
    assert.equal(normalizeAddress('2001:db8::1'), '2001:db8::1');
  });

  it('matches CIDR ranges, including a mapped address against an IPv4 range', () => {
    const matches = createAddressMatcher([parseAddressRange('10.0.0.0/8')!, parseAddressRange('::1')!]);
    assert.equal(matches('10.200.0.1'), true);
    assert.equal(matches('::ffff:10.0.0.1'), true);
    assert.equal(matches('11.0.0.1'), false);
    assert.equal(matches('::1'), true);
  });
});

describe('client address behind proxies', () => {
  const trusted = createAddressMatcher([parseAddressRange('10.0.0.0/8')!]);

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    assert.equal(resolveClientAddress('203.0.113.9', '1.2.3.4', trusted), '203.0.113.9');
  });
  it('takes the right-most untrusted hop when the peer is a trusted proxy', () => {
    assert.equal(resolveClientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.5', trusted), '198.51.100.7');
  });
  it('falls back to the peer when the header holds garbage', () => {
    assert.equal(resolveClientAddress('10.0.0.2', 'not-an-ip', trusted), '10.0.0.2');
  });
});
