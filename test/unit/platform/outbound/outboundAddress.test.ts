import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, parseIpAddress } from '../../../../src/platform/outbound/addressClassification.js';
import type { AddressStanding } from '../../../../src/platform/outbound/specialAddressRanges.js';

// One line per address: both sides of every range boundary, every spelling of the tricky ones.
const CORPUS: readonly (readonly [string, AddressStanding])[] = [
  // 0.0.0.0/8 and the unspecified address
  ['0.0.0.0', 'forbidden'],
  ['0.255.255.255', 'forbidden'],
  ['1.0.0.0', 'public'],
  // 10/8
  ['9.255.255.255', 'public'],
  ['10.0.0.0', 'internal'],
  ['10.255.255.255', 'internal'],
  ['11.0.0.0', 'public'],
  // carrier-grade NAT 100.64/10
  ['100.63.255.255', 'public'],
  ['100.64.0.0', 'internal'],
  ['100.127.255.255', 'internal'],
  ['100.128.0.0', 'public'],
  ['100.100.100.200', 'forbidden'],
  // loopback 127/8
  ['126.255.255.255', 'public'],
  ['127.0.0.0', 'internal'],
  ['127.0.0.1', 'internal'],
  ['127.255.255.255', 'internal'],
  ['128.0.0.0', 'public'],
  // link-local 169.254/16 and the metadata endpoints inside it
  ['169.253.255.255', 'public'],
  ['169.254.0.0', 'internal'],
  ['169.254.169.253', 'internal'],
  ['169.254.169.254', 'forbidden'],
  ['169.254.169.255', 'internal'],
  ['169.254.170.2', 'forbidden'],
  ['169.254.170.23', 'forbidden'],
  ['169.254.255.255', 'internal'],
  ['169.255.0.0', 'public'],
  // Azure WireServer
  ['168.63.129.15', 'public'],
  ['168.63.129.16', 'forbidden'],
  // 172.16/12
  ['172.15.255.255', 'public'],
  ['172.16.0.0', 'internal'],
  ['172.31.255.255', 'internal'],
  ['172.32.0.0', 'public'],
  // 192.0.0/24 IETF, 192.0.2/24 TEST-NET-1, 192.88.99/24 6to4 relay
  ['191.255.255.255', 'public'],
  ['192.0.0.0', 'forbidden'],
  ['192.0.0.255', 'forbidden'],
  ['192.0.1.0', 'public'],
  ['192.0.2.0', 'forbidden'],
  ['192.0.2.255', 'forbidden'],
  ['192.0.3.0', 'public'],
  ['192.88.98.255', 'public'],
  ['192.88.99.0', 'forbidden'],
  ['192.88.99.255', 'forbidden'],
  ['192.88.100.0', 'public'],
  // 192.168/16
  ['192.167.255.255', 'public'],
  ['192.168.0.0', 'internal'],
  ['192.168.255.255', 'internal'],
  ['192.169.0.0', 'public'],
  // benchmarking 198.18/15, TEST-NET-2 198.51.100/24, TEST-NET-3 203.0.113/24
  ['198.17.255.255', 'public'],
  ['198.18.0.0', 'internal'],
  ['198.19.255.255', 'internal'],
  ['198.20.0.0', 'public'],
  ['198.51.99.255', 'public'],
  ['198.51.100.0', 'forbidden'],
  ['198.51.100.255', 'forbidden'],
  ['198.51.101.0', 'public'],
  ['203.0.112.255', 'public'],
  ['203.0.113.0', 'forbidden'],
  ['203.0.113.255', 'forbidden'],
  ['203.0.114.0', 'public'],
  // multicast 224/4, reserved 240/4, broadcast
  ['223.255.255.255', 'public'],
  ['224.0.0.0', 'forbidden'],
  ['239.255.255.255', 'forbidden'],
  ['240.0.0.0', 'forbidden'],
  ['255.255.255.254', 'forbidden'],
  ['255.255.255.255', 'forbidden'],
  // ordinary public IPv4
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['93.184.216.34', 'public'],

  // IPv6 unspecified, loopback, IPv4-compatible ::/96
  ['::', 'forbidden'],
  ['::1', 'internal'],
  ['0:0:0:0:0:0:0:1', 'internal'],
  ['::2', 'forbidden'],
  ['::127.0.0.1', 'forbidden'],
  ['::8.8.8.8', 'forbidden'],
  // IPv4-mapped ::ffff:0:0/96: the embedded IPv4 decides
  ['::ffff:127.0.0.1', 'internal'],
  ['::ffff:7f00:1', 'internal'],
  ['0:0:0:0:0:ffff:7f00:1', 'internal'],
  ['0000:0000:0000:0000:0000:ffff:7f00:0001', 'internal'],
  ['::ffff:10.0.0.1', 'internal'],
  ['::ffff:169.254.169.254', 'forbidden'],
  ['::ffff:0.0.0.0', 'forbidden'],
  ['::ffff:ffff:ffff', 'forbidden'],
  ['::ffff:8.8.8.8', 'public'],
  ['::ffff:808:808', 'public'],
  // IPv4-translated (SIIT) ::ffff:0:0:0/96 is not mapped: outside 2000::/3
  ['::ffff:0:8.8.8.8', 'forbidden'],
  // NAT64 and discard-only
  ['64:ff9b::808:808', 'forbidden'],
  ['64:ff9b::7f00:1', 'forbidden'],
  ['64:ff9b:1::1', 'forbidden'],
  ['100::1', 'forbidden'],
  // 2000::/3 edges, Teredo, IETF 2001::/23, documentation, 6to4
  ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['2000::', 'public'],
  ['2001::1', 'forbidden'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'forbidden'],
  ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['2001:200::', 'public'],
  ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', 'public'],
  ['2001:db8::', 'forbidden'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['2001:db9::', 'public'],
  ['2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'],
  ['2002::', 'forbidden'],
  ['2002:7f00:1::', 'forbidden'],
  ['2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['2003::', 'public'],
  ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'],
  ['3fff::', 'forbidden'],
  ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['3fff:1000::', 'public'],
  ['3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'],
  ['4000::', 'forbidden'],
  ['5f00::1', 'forbidden'],
  ['2606:4700::1111', 'public'],
  ['2a00:1450:4001:80b::200e', 'public'],
  // unique-local fc00::/7 and the AWS endpoints in it
  ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['fc00::', 'internal'],
  ['fd00::1', 'internal'],
  ['fd00:ec2::253', 'internal'],
  ['fd00:ec2::254', 'forbidden'],
  ['fd00:ec2::23', 'forbidden'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'internal'],
  // fe00::/9 is unallocated; link-local fe80::/10; site-local fec0::/10
  ['fe00::', 'forbidden'],
  ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
  ['fe80::', 'internal'],
  ['fe80::1%eth0', 'internal'],
  ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'internal'],
  ['fec0::', 'internal'],
  ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'internal'],
  // multicast ff00::/8
  ['ff00::', 'forbidden'],
  ['ff02::1', 'forbidden'],
  ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'forbidden'],
];

describe('address classification', () => {
  for (const [address, standing] of CORPUS) {
    it(`${address} is ${standing}`, () => {
      assert.equal(classifyAddress(address)?.standing, standing);
    });
  }

  it('names the deciding range, and the mapping for an IPv4-mapped address', () => {
    assert.equal(classifyAddress('172.16.0.1')?.range, 'private 172.16.0.0/12');
    assert.equal(classifyAddress('::ffff:169.254.169.254')?.range, 'IPv4-mapped cloud metadata endpoint');
  });

  // Non-canonical IPv4 spellings are the URL parser's business (see outboundDestination.test.ts);
  // as raw text they are not addresses, so nothing can classify "0177.0.0.1" as public by mistake.
  for (const text of ['0177.0.0.1', '2130706433', '0x7f.1', '127.1', 'localhost', '[::1]', '', '1.2.3.4.5', '::ffff:1.2.3']) {
    it(`"${text}" is not an address`, () => {
      assert.equal(classifyAddress(text), undefined);
      assert.equal(parseIpAddress(text), undefined);
    });
  }
});
