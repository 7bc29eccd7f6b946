/**
 * No test may reach the public DNS (docs/authentication.md "Testing"): every lookup that would leave the
 * machine throws. Allowed: `localhost` and IP literals for dns.lookup (sockets in tests), and resolvers
 * whose servers are all on loopback (the stub DNS server the serve-process tests start).
 * Loaded by vitest (setupFiles) and by the `phishgate` child processes the tests spawn.
 */
import dns from 'node:dns';
import { isIP } from 'node:net';
import { syncBuiltinESMExports } from 'node:module';

const RESOLVE_METHODS = ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse'] as const;

const loopbackServer = (server: string): boolean => {
  const host = server.replace(/^\[([^\]]+)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  return host === '::1' || host.startsWith('127.');
};

export class RealDnsInTests extends Error {
  code = 'EREALDNS';
  constructor(what: string) {
    super(`a test tried a real DNS lookup (${what}); use a stub resolver (test/support/stub-dns.ts)`);
  }
}

type AnyFn = (...args: unknown[]) => unknown;

function guardResolver(target: Record<string, unknown>, servers: (self: unknown) => string[], promise: boolean): void {
  for (const method of RESOLVE_METHODS) {
    const original = target[method] as AnyFn | undefined;
    if (typeof original !== 'function' || (original as { guarded?: boolean }).guarded) continue;
    const guarded = function (this: unknown, ...args: unknown[]) {
      const list = servers(this);
      if (list.length === 0 || !list.every(loopbackServer)) {
        const error = new RealDnsInTests(`${method} ${String(args[0])} via ${list.join(',') || 'system resolvers'}`);
        if (promise) return Promise.reject(error);
        const callback = args[args.length - 1];
        if (typeof callback === 'function') return void process.nextTick(() => (callback as AnyFn)(error));
        throw error;
      }
      return original.apply(this, args);
    };
    Object.defineProperty(guarded, 'guarded', { value: true });
    target[method] = guarded;
  }
}

const ownServers = (self: unknown): string[] => (self as { getServers(): string[] }).getServers();
guardResolver(dns.Resolver.prototype as unknown as Record<string, unknown>, ownServers, false);
guardResolver(dns.promises.Resolver.prototype as unknown as Record<string, unknown>, ownServers, true);
guardResolver(dns as unknown as Record<string, unknown>, () => dns.getServers(), false);
guardResolver(dns.promises as unknown as Record<string, unknown>, () => dns.getServers(), true);

const allowedName = (host: unknown): boolean => typeof host !== 'string' || isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost');
/** RFC 6761: names under .invalid never exist; answer NXDOMAIN without asking anyone. */
const invalidName = (host: unknown): boolean => typeof host === 'string' && /(^|\.)invalid\.?$/i.test(host);
const notFound = (host: string) => Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
const lookup = dns.lookup as unknown as AnyFn;
if (!(lookup as { guarded?: boolean }).guarded) {
  const guardedLookup = function (this: unknown, ...args: unknown[]) {
    if (!allowedName(args[0])) {
      const callback = args[args.length - 1];
      const error = invalidName(args[0]) ? notFound(String(args[0])) : new RealDnsInTests(`lookup ${String(args[0])}`);
      if (typeof callback === 'function') return void process.nextTick(() => (callback as AnyFn)(error));
      throw error;
    }
    return lookup.apply(this, args);
  };
  Object.defineProperty(guardedLookup, 'guarded', { value: true });
  (dns as unknown as Record<string, unknown>).lookup = guardedLookup;
  const promiseLookup = dns.promises.lookup as unknown as AnyFn;
  (dns.promises as unknown as Record<string, unknown>).lookup = function (this: unknown, ...args: unknown[]) {
    if (!allowedName(args[0])) return Promise.reject(invalidName(args[0]) ? notFound(String(args[0])) : new RealDnsInTests(`lookup ${String(args[0])}`));
    return promiseLookup.apply(this, args);
  };
}
syncBuiltinESMExports();
