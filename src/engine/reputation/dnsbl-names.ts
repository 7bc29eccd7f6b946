import { isIP } from 'node:net';

/**
 * The name queried for an IP address on an IP list: octets reversed for IPv4 ("192.0.2.7" →
 * "7.2.0.192.zen…"), nibbles reversed for IPv6 (RFC 5782 §2.1, §2.4). Null for what is not an address.
 */
export function ipQueryName(address: string, zone: string): string | null {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const family = isIP(plain);
  if (family === 4) return `${plain.split('.').reverse().join('.')}.${zone}`;
  if (family !== 6) return null;
  const halves = plain.toLowerCase().split('::');
  const groups = (part: string | undefined): string[] => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const full = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail] : head;
  if (full.length !== 8 || full.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${full.map((g) => g.padStart(4, '0')).join('').split('').reverse().join('.')}.${zone}`;
}

/**
 * Addresses no block list can have an opinion on — loopback, private, link-local, unique-local (the door's
 * own relays, tests): never queried, which also keeps internal addresses from leaking to a list operator.
 */
export function isPrivateAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();
  if (isIP(plain) === 4) {
    const [a, b] = plain.split('.').map(Number) as [number, number];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  return plain === '::1' || plain === '::' || /^f[cd]/.test(plain) || /^fe[89ab]/.test(plain);
}
