/**
 * The A-record lookups of the DNS block lists (docs/reputation.md "Resolver"): Node's `dns.promises.Resolver`
 * on the configured servers (a local resolver: the big lists refuse public ones), answers cached for their
 * TTL (capped), "not listed" for `negative_ttl_s`. Temporary failures are never cached: the next message asks
 * again. Concurrent lookups of one name share a single query. Each answer says whether it came from this
 * cache: only an answer from the server tells that the zone is healthy (docs/reputation.md "A list that
 * stops answering").
 */
import { promises as dns } from 'node:dns';

export interface DnsblAnswer {
  /** Addresses of a listed name, [] when the name does not exist (not listed). */
  addresses: string[];
  /** True when answered from the TTL cache, without asking the server. */
  cached: boolean;
}

/** Throws on a temporary failure. */
export type DnsblResolve = (name: string) => Promise<DnsblAnswer>;

export interface DnsblResolverOptions {
  servers: readonly string[];
  /** Each query gives up after this long (Node's own timer; the per-message deadline is separate). */
  timeoutMs: number;
  cacheEntries: number;
  maxTtlMs: number;
  negativeTtlMs: number;
  now?: () => number;
}

type Entry = { expires: number; addresses: string[] };

const NEGATIVE = new Set(['ENOTFOUND', 'ENODATA']);

export function createDnsblResolve(options: DnsblResolverOptions): DnsblResolve {
  const now = options.now ?? Date.now;
  const resolver = new dns.Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<DnsblAnswer>>();

  const remember = (name: string, addresses: string[], ttlMs: number): void => {
    if (options.cacheEntries === 0 || ttlMs <= 0) return;
    cache.delete(name);
    cache.set(name, { expires: now() + ttlMs, addresses });
    // Oldest first in a Map's order: dropping from the front keeps the cache bounded (least recently used).
    while (cache.size > options.cacheEntries) cache.delete(cache.keys().next().value!);
  };

  const query = async (name: string): Promise<DnsblAnswer> => {
    try {
      const records = await resolver.resolve4(name, { ttl: true });
      const addresses = records.map((r) => r.address);
      const ttl = Math.min(...records.map((r) => r.ttl)) * 1000;
      remember(name, addresses, Math.min(options.maxTtlMs, Number.isFinite(ttl) ? ttl : 0));
      return { addresses, cached: false };
    } catch (error) {
      if (!NEGATIVE.has((error as { code?: string }).code ?? '')) throw error;
      remember(name, [], options.negativeTtlMs);
      return { addresses: [], cached: false };
    }
  };

  return (name) => {
    const key = name.toLowerCase();
    const hit = cache.get(key);
    if (hit && hit.expires > now()) {
      cache.delete(key);
      cache.set(key, hit);
      return Promise.resolve({ addresses: hit.addresses, cached: true });
    }
    if (hit) cache.delete(key);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = query(key).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
