/**
 * The address ranges an outbound call (webhook, workflow HTTP_REQUEST) may not reach by default.
 *
 * Standing of a range:
 * - `internal`: reachable only for a host on SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST or with
 *   SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS=true. These are networks operators really run receivers
 *   on (loopback, RFC 1918, link-local, CGNAT, unique-local, lab benchmarking nets).
 * - `forbidden`: never reachable, whatever the settings. Cloud metadata and credential endpoints
 *   (they hand out the server's own cloud credentials), addresses that mean "this host" or "every
 *   host", multicast, and ranges that are reserved or only ever a translation of another address
 *   (NAT64, 6to4, Teredo, IPv4-compatible): a translated address hides the real destination, and
 *   nobody runs a webhook receiver on a documentation or reserved address.
 *
 * Sources: the IANA IPv4 and IPv6 Special-Purpose Address Registries, plus the metadata endpoints
 * of the major clouds. The most specific matching range wins, so a /32 metadata entry beats the
 * /16 link-local range it sits in. An IPv6 address outside every listed range and outside global
 * unicast 2000::/3 is `forbidden` (unallocated); `::ffff:0:0/96` is not listed because an
 * IPv4-mapped address is classified by the IPv4 address it embeds.
 */

export type AddressStanding = 'public' | 'internal' | 'forbidden';

export interface SpecialAddressRange {
  readonly cidr: string;
  readonly standing: Exclude<AddressStanding, 'public'>;
  readonly label: string;
}

export const SPECIAL_ADDRESS_RANGES: readonly SpecialAddressRange[] = [
  // Cloud metadata and credential endpoints: forbidden even with allowPrivate or an allowlist entry.
  { cidr: '169.254.169.254/32', standing: 'forbidden', label: 'cloud metadata endpoint' },
  { cidr: '169.254.170.2/32', standing: 'forbidden', label: 'AWS ECS task credentials endpoint' },
  { cidr: '169.254.170.23/32', standing: 'forbidden', label: 'AWS EKS pod identity endpoint' },
  { cidr: '100.100.100.200/32', standing: 'forbidden', label: 'Alibaba Cloud metadata endpoint' },
  { cidr: '168.63.129.16/32', standing: 'forbidden', label: 'Azure WireServer endpoint' },
  { cidr: 'fd00:ec2::254/128', standing: 'forbidden', label: 'AWS metadata endpoint (IPv6)' },
  { cidr: 'fd00:ec2::23/128', standing: 'forbidden', label: 'AWS EKS pod identity endpoint (IPv6)' },

  // IPv4
  { cidr: '0.0.0.0/32', standing: 'forbidden', label: 'unspecified address' },
  { cidr: '0.0.0.0/8', standing: 'forbidden', label: '"this network" 0.0.0.0/8' },
  { cidr: '10.0.0.0/8', standing: 'internal', label: 'private 10.0.0.0/8' },
  { cidr: '100.64.0.0/10', standing: 'internal', label: 'carrier-grade NAT 100.64.0.0/10' },
  { cidr: '127.0.0.0/8', standing: 'internal', label: 'loopback 127.0.0.0/8' },
  { cidr: '169.254.0.0/16', standing: 'internal', label: 'link-local 169.254.0.0/16' },
  { cidr: '172.16.0.0/12', standing: 'internal', label: 'private 172.16.0.0/12' },
  { cidr: '192.0.0.0/24', standing: 'forbidden', label: 'IETF protocol assignments 192.0.0.0/24' },
  { cidr: '192.0.2.0/24', standing: 'forbidden', label: 'documentation TEST-NET-1 192.0.2.0/24' },
  { cidr: '192.88.99.0/24', standing: 'forbidden', label: '6to4 relay anycast 192.88.99.0/24' },
  { cidr: '192.168.0.0/16', standing: 'internal', label: 'private 192.168.0.0/16' },
  { cidr: '198.18.0.0/15', standing: 'internal', label: 'benchmarking 198.18.0.0/15' },
  { cidr: '198.51.100.0/24', standing: 'forbidden', label: 'documentation TEST-NET-2 198.51.100.0/24' },
  { cidr: '203.0.113.0/24', standing: 'forbidden', label: 'documentation TEST-NET-3 203.0.113.0/24' },
  { cidr: '224.0.0.0/4', standing: 'forbidden', label: 'multicast 224.0.0.0/4' },
  { cidr: '240.0.0.0/4', standing: 'forbidden', label: 'reserved 240.0.0.0/4' },
  { cidr: '255.255.255.255/32', standing: 'forbidden', label: 'broadcast 255.255.255.255' },

  // IPv6
  { cidr: '::/128', standing: 'forbidden', label: 'unspecified address ::' },
  { cidr: '::1/128', standing: 'internal', label: 'loopback ::1' },
  { cidr: '::/96', standing: 'forbidden', label: 'IPv4-compatible ::/96 (deprecated)' },
  { cidr: '64:ff9b::/96', standing: 'forbidden', label: 'NAT64 64:ff9b::/96' },
  { cidr: '64:ff9b:1::/48', standing: 'forbidden', label: 'local-use NAT64 64:ff9b:1::/48' },
  { cidr: '100::/64', standing: 'forbidden', label: 'discard-only 100::/64' },
  { cidr: '2001::/32', standing: 'forbidden', label: 'Teredo 2001::/32' },
  { cidr: '2001::/23', standing: 'forbidden', label: 'IETF protocol assignments 2001::/23' },
  { cidr: '2001:db8::/32', standing: 'forbidden', label: 'documentation 2001:db8::/32' },
  { cidr: '2002::/16', standing: 'forbidden', label: '6to4 2002::/16' },
  { cidr: '3fff::/20', standing: 'forbidden', label: 'documentation 3fff::/20' },
  { cidr: '5f00::/16', standing: 'forbidden', label: 'SRv6 SIDs 5f00::/16' },
  { cidr: 'fc00::/7', standing: 'internal', label: 'unique-local fc00::/7' },
  { cidr: 'fe80::/10', standing: 'internal', label: 'link-local fe80::/10' },
  { cidr: 'fec0::/10', standing: 'internal', label: 'site-local fec0::/10 (deprecated)' },
  { cidr: 'ff00::/8', standing: 'forbidden', label: 'multicast ff00::/8' },
];

/** Anything else in IPv6 must sit in global unicast to be public. */
export const IPV6_GLOBAL_UNICAST = '2000::/3';
