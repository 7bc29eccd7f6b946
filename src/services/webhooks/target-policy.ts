/**
 * Where webhooks may be sent (docs/webhooks.md "Targets", docs/security.md "Webhook targets"). A tenant
 * chooses the URL, so without a policy webhooks are a server-side request forgery: phishgate would POST
 * to its own loopback admin ports, the cloud metadata service or the internal network, and report what
 * they answered. By default only public unicast addresses are reachable. The check runs on the address
 * the name resolves to **at delivery time**, and the connection goes to exactly that address (the
 * lookup is pinned), so a name that resolved to a public address when it was registered and to
 * 127.0.0.1 later (DNS rebinding) is refused too. `webhooks.allow_private_targets` lifts the policy
 * for admins whose receivers are internal.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, isIPv4 } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (injected: tests use a stub, never the real DNS). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface TargetPolicy {
  allowPrivate: boolean;
  lookup: HostLookup;
}

export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A target the policy refuses. Its message is what the tenant sees: the category, never more. */
export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

const CATEGORIES: Array<[string, Array<[string, number, 'ipv4' | 'ipv6']>]> = [
  ['loopback', [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']]],
  ['unspecified', [['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']]],
  ['private', [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4']]],
  ['carrier-grade NAT', [['100.64.0.0', 10, 'ipv4']]],
  // 169.254.169.254 (AWS, GCP, Azure, OpenStack metadata) is link-local.
  ['link-local', [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6'], ['fec0::', 10, 'ipv6']]],
  // fd00:ec2::254 is the AWS metadata service over IPv6.
  ['unique-local', [['fc00::', 7, 'ipv6']]],
  ['multicast', [['224.0.0.0', 4, 'ipv4'], ['ff00::', 8, 'ipv6']]],
  [
    'reserved',
    [
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      ['100::', 64, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
    ],
  ],
];
const LISTS = CATEGORIES.map(([name, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return { name, list };
});

/** The 8 groups of an IPv6 address as numbers (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  const zone = address.indexOf('%');
  let text = (zone >= 0 ? address.slice(0, zone) : address).toLowerCase();
  // A trailing dotted IPv4 (::ffff:127.0.0.1) is read as two groups; sliced, not matched, so it stays linear.
  const lastGroup = text.slice(text.lastIndexOf(':') + 1);
  if (isIPv4(lastGroup)) {
    const [a, b, c, d] = lastGroup.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -lastGroup.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g || '0', 16));
}

/**
 * IPv6 forms that carry an IPv4 address reached through it: mapped (::ffff:a.b.c.d), compatible
 * (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0) && !(g[5] === 0 && g[6] === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** Why an address is not a public unicast address ("loopback", "private", …), or null when it is one. */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return forbiddenAddress(inner);
  }
  if (family === 4 && address === '255.255.255.255') return 'broadcast';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return LISTS.find(({ list }) => list.check(address, type))?.name ?? null;
}

/** Names that only ever mean this machine or the cloud provider's internal services. */
const FORBIDDEN_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'instance-data', 'instance-data.ec2.internal']);
/** Special-use and private-use suffixes (RFC 6761, RFC 6762, .internal reserved for private use by ICANN). */
const FORBIDDEN_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/** A URL's hostname without IPv6 brackets and a trailing dot, lower-cased. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();

/** Refusal text for a host or literal address, or null. Only what the URL itself says (no DNS). */
export function forbiddenHost(hostname: string): string | null {
  const host = bareHost(hostname);
  if (isIP(host)) {
    const why = forbiddenAddress(host);
    return why ? `${why} address` : null;
  }
  if (!host.includes('.') || FORBIDDEN_NAMES.has(host) || FORBIDDEN_SUFFIXES.some((s) => host.endsWith(s))) return 'internal host name';
  return null;
}

const HINT = 'set webhooks.allow_private_targets to deliver to internal receivers';

/** At registration: refuses what the URL shows is internal (the resolved address is checked at delivery). */
export function checkTargetUrl(url: URL, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const why = forbiddenHost(url.hostname);
  if (why) throw new TargetRefused(`url: webhook target not allowed (${why}; ${HINT})`);
}

/**
 * At delivery: the one address to connect to. Every address the name resolves to must be public (a
 * name answering both a public and a private address is refused), and the connection is pinned to
 * the first one, so what was checked is what is reached.
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<ResolvedAddress> {
  const host = bareHost(url.hostname);
  const family = isIP(host);
  if (family) {
    if (!policy.allowPrivate && forbiddenAddress(host)) throw new TargetRefused(`target not allowed (${forbiddenAddress(host)} address; ${HINT})`);
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  if (!policy.allowPrivate && forbiddenHost(host)) throw new TargetRefused(`target not allowed (internal host name; ${HINT})`);
  const addresses = await policy.lookup(host);
  if (!addresses.length) throw new TargetRefused(`DNS lookup found no address for ${host}`);
  if (!policy.allowPrivate) {
    const why = addresses.map((a) => forbiddenAddress(a.address)).find((w) => w !== null);
    // The category only: which internal address a name points to is not the tenant's business.
    if (why) throw new TargetRefused(`target not allowed (${host} resolves to a ${why} address; ${HINT})`);
  }
  return addresses[0]!;
}
