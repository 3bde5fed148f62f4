import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkUrl, validateDestination } from '../../../../src/platform/outbound/destinationCheck.js';
import { canonicalAllowlistEntry } from '../../../../src/platform/outbound/hostNames.js';
import type { OutboundPolicy, ResolvedAddress, Resolver } from '../../../../src/platform/outbound/outboundPolicy.js';

/** A resolver answering from a table; a name missing from it fails like NXDOMAIN. */
function tableResolver(table: Record<string, readonly string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    calls.push(hostname);
    const answers = table[hostname];
    if (answers === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

const DNS = {
  'example.com': ['93.184.216.34'],
  'hooks.example.com': ['10.0.0.5'],
  'split.example.com': ['93.184.216.34', '10.0.0.5'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
  'six.example.com': ['2606:4700::1111'],
  'zero.example.com': ['0.0.0.0'],
  'meta.example.com': ['169.254.169.254'],
  localhost: ['127.0.0.1', '::1'],
  'empty.example.com': [],
  'garbage.example.com': ['not-an-address'],
};

function policy(overrides: Partial<OutboundPolicy> = {}): OutboundPolicy {
  return { allowPrivate: false, hostAllowlist: [], resolve: tableResolver(DNS), ...overrides };
}

const ABORT = new AbortController().signal;

async function verdict(url: string, p: OutboundPolicy): Promise<string> {
  const result = await validateDestination(url, p, ABORT);
  return result.kind === 'refused' ? `refused: ${result.reason}` : result.kind;
}

describe('WHATWG URL parsing normalises IPv4 spellings before we classify', () => {
  const spellings: readonly (readonly [string, string])[] = [
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', '[::ffff:a9fe:a9fe]'],
    ['http://LOCALHOST./', 'localhost.'],
  ];
  for (const [url, hostname] of spellings) {
    it(`${url} has host ${hostname}`, () => assert.equal(new URL(url).hostname, hostname));
  }
});

describe('default policy (public destinations only)', () => {
  // [url, expected: 'allowed' or a fragment of the refusal reason]
  const cases: readonly (readonly [string, string])[] = [
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://127.1:8080/hook', 'loopback'],
    ['http://0x7f.0x0.0x0.0x1/', 'loopback'],
    ['http://127.000.000.001/', 'loopback'],
    ['http://127.0.0.1./', 'loopback'],
    ['http://127.0.0.1%2e/', 'loopback'],
    ['http://\u2460\u2461\u2466.0.0.1/', 'loopback'], // circled digits, mapped by IDNA
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::ffff:7f00:1]/', 'IPv4-mapped loopback'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://10.0.0.1/', 'private 10.0.0.0/8'],
    ['http://172.16.0.1/', 'private 172.16.0.0/12'],
    ['http://192.168.1.1/', 'private 192.168.0.0/16'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata endpoint, never allowed'],
    ['http://[::ffff:a9fe:a9fe]/', 'IPv4-mapped cloud metadata endpoint'],
    ['http://[fd00:ec2::254]/', 'AWS metadata endpoint'],
    ['http://[64:ff9b::808:808]/', 'NAT64'],
    ['http://[2002:7f00:1::]/', '6to4'],
    ['http://[2001::1]/', 'Teredo'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://192.0.2.1/', 'documentation'],
    ['http://localhost/', 'local host name'],
    ['http://LOCALHOST/', 'local host name'],
    ['http://localhost./', 'local host name'],
    ['http://localhost../', 'local host name'],
    ['http://%6c%6fcalhost/', 'local host name'],
    ['http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/', 'local host name'], // full-width letters
    ['http://foo.localhost/', 'local-network name (*.localhost)'],
    ['http://printer.local/', 'local-network name (*.local)'],
    ['http://db.corp.internal/', 'local-network name (*.internal)'],
    ['http://nas.home.arpa/', 'local-network name (*.home.arpa)'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'cloud metadata host name'],
    ['http://metadata.google.internal./', 'cloud metadata host name'],
    ['http://metadata/', 'cloud metadata host name'],
    ['file:///etc/passwd', 'scheme file:'],
    ['gopher://example.com/', 'scheme gopher:'],
    ['ftp://example.com/', 'scheme ftp:'],
    ['ldap://example.com/', 'scheme ldap:'],
    ['data:text/plain,hi', 'scheme data:'],
    ['javascript:alert(1)', 'scheme javascript:'],
    ['ws://example.com/', 'scheme ws:'],
    ['http://user:pass@example.com/', 'credentials'],
    ['http://example.com@127.0.0.1/', 'credentials'],
    ['http://1.1.1.1 &@2.2.2.2# @3.3.3.3/', 'credentials'],
    ['not a url', 'not a valid absolute URL'],
    ['/relative/path', 'not a valid absolute URL'],
    ['http://hooks.example.com/', 'resolves to 10.0.0.5'],
    ['http://split.example.com/', 'resolves to 10.0.0.5'],
    ['http://mapped.example.com/', 'IPv4-mapped cloud metadata endpoint'],
    ['http://zero.example.com/', 'unspecified'],
    ['http://nowhere.example.com/', 'DNS lookup of nowhere.example.com failed (ENOTFOUND)'],
    ['http://empty.example.com/', 'returned no addresses'],
    ['http://garbage.example.com/', 'not an IP address'],
    ['http://8.8.8.8/', 'allowed'],
    ['http://[::ffff:8.8.8.8]/', 'allowed'],
    ['https://[2606:4700::1111]/', 'allowed'],
    ['https://example.com/', 'allowed'],
    ['http://EXAMPLE.com.:8080/hook?x=1', 'allowed'],
    ['https://six.example.com/', 'allowed'],
  ];
  for (const [url, expected] of cases) {
    it(`${url} -> ${expected}`, async () => {
      const outcome = await verdict(url, policy());
      if (expected === 'allowed') assert.equal(outcome, 'allowed');
      else assert.ok(outcome.startsWith('refused: ') && outcome.includes(expected), outcome);
    });
  }

  it('does not ask DNS about an address literal or a name refused by rule', async () => {
    const resolve = tableResolver(DNS);
    for (const url of ['http://8.8.8.8/', 'http://127.0.0.1/', 'http://localhost/', 'http://metadata.google.internal/', 'file:///x']) {
      await validateDestination(url, policy({ resolve }), ABORT);
    }
    assert.deepEqual(resolve.calls, []);
  });

  it('pins every address of the single lookup', async () => {
    const resolve = tableResolver({ 'two.example.com': ['93.184.216.34', '2606:4700::1111'] });
    const result = await validateDestination('https://two.example.com/', policy({ resolve }), ABORT);
    assert.equal(result.kind, 'allowed');
    assert.deepEqual(result.kind === 'allowed' ? result.addresses : [], [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    assert.deepEqual(resolve.calls, ['two.example.com']);
  });
});

describe('allowPrivate', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['http://localhost/', 'allowed'],
    ['http://127.0.0.1/', 'allowed'],
    ['http://[::1]/', 'allowed'],
    ['http://10.0.0.1/', 'allowed'],
    ['http://100.64.0.1/', 'allowed'],
    ['http://[fe80::1]/', 'allowed'],
    ['http://[fd12::1]/', 'allowed'],
    ['http://printer.local/', 'DNS lookup'], // allowed by name; this resolver does not know it
    ['http://hooks.example.com/', 'allowed'],
    ['http://169.254.169.254/', 'cloud metadata endpoint'],
    ['http://meta.example.com/', 'cloud metadata endpoint'],
    ['http://[fd00:ec2::254]/', 'AWS metadata endpoint'],
    ['http://metadata.google.internal/', 'cloud metadata host name'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://192.0.2.1/', 'documentation'],
    ['http://[64:ff9b::a00:1]/', 'NAT64'],
    ['file:///etc/passwd', 'scheme file:'],
  ];
  for (const [url, expected] of cases) {
    it(`${url} -> ${expected}`, async () => {
      const outcome = await verdict(url, policy({ allowPrivate: true }));
      if (expected === 'allowed') assert.equal(outcome, 'allowed');
      else assert.ok(outcome.startsWith('refused: ') && outcome.includes(expected), outcome);
    });
  }
});

describe('host allowlist', () => {
  const hostAllowlist = [
    'hooks.example.com',
    'meta.example.com',
    '10.1.2.3',
    '::1',
    'Printer.Local.',
    '169.254.169.254',
    'zero.example.com',
  ];
  const cases: readonly (readonly [string, string])[] = [
    ['http://hooks.example.com/', 'allowed'], // private address, allowed for a listed host
    ['https://HOOKS.example.com./x', 'allowed'],
    ['http://10.1.2.3:9000/', 'allowed'],
    ['http://[::1]/', 'allowed'],
    ['http://[0:0:0:0:0:0:0:1]/', 'allowed'],
    ['http://printer.local/', 'DNS lookup'], // passes the name rule; this resolver does not know it
    ['http://example.com/', 'not on the webhook host allowlist'], // public but unlisted
    ['http://8.8.8.8/', 'not on the webhook host allowlist'],
    ['http://10.1.2.4/', 'not on the webhook host allowlist'],
    ['http://sub.hooks.example.com/', 'not on the webhook host allowlist'],
    ['http://localhost/', 'not on the webhook host allowlist'],
    ['http://127.0.0.1/', 'not on the webhook host allowlist'],
    ['http://meta.example.com/', 'cloud metadata endpoint, never allowed'],
    ['http://169.254.169.254/', 'cloud metadata endpoint, never allowed'],
    ['http://zero.example.com/', 'unspecified'],
    ['ftp://hooks.example.com/', 'scheme ftp:'],
  ];
  for (const [url, expected] of cases) {
    it(`${url} -> ${expected}`, async () => {
      const outcome = await verdict(url, policy({ hostAllowlist }));
      if (expected === 'allowed') assert.equal(outcome, 'allowed');
      else assert.ok(outcome.startsWith('refused: ') && outcome.includes(expected), outcome);
    });
  }

  it('applies with allowPrivate too: only listed hosts', async () => {
    assert.match(await verdict('http://10.0.0.1/', policy({ hostAllowlist, allowPrivate: true })), /not on the webhook host allowlist/);
  });

  const entries: readonly (readonly [string, string | undefined])[] = [
    ['Hooks.Example.COM.', 'hooks.example.com'],
    ['  hooks.example.com ', 'hooks.example.com'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['10.1.2.3', '10.1.2.3'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['hooks.example.com:8443', undefined],
    ['hooks.example.com/path', undefined],
    ['user@hooks.example.com', undefined],
    ['', undefined],
  ];
  for (const [entry, canonical] of entries) {
    it(`allowlist entry "${entry}" -> ${String(canonical)}`, () => assert.equal(canonicalAllowlistEntry(entry), canonical));
  }

  it('refuses by URL checks alone (no DNS) when the host is unlisted', () => {
    const checked = checkUrl('http://example.com/', policy({ hostAllowlist: ['other.example.com'] }));
    assert.equal(checked.kind, 'refused');
  });
});
