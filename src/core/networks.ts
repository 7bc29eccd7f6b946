import { BlockList, isIP } from 'node:net';

/** A set of client networks from the configuration (`smtp.allowed_networks`, `smtp.xforward_networks`). */
export interface NetworkList {
  has(address: string): boolean;
}

/** `::ffff:192.0.2.1` (an IPv4 client of a dual-stack listener) is the IPv4 client 192.0.2.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Parses CIDR entries (`127.0.0.0/8`, `::1/128`, or a bare address). A malformed entry stops start-up
 * with the name of the field, like every other configuration error (docs/configuration.md).
 */
export function parseNetworks(entries: string[], field: string): NetworkList {
  const list = new BlockList();
  entries.forEach((entry, index) => {
    const [address = '', prefixText] = entry.trim().split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!family || !/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) {
      throw new Error(`${field}[${index}]: "${entry}" is not an IP network (expected e.g. 127.0.0.0/8 or ::1/128)`);
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  });
  return {
    has(raw) {
      const address = plainAddress(raw);
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
