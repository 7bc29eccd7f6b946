/**
 * The DNS resolver verification uses (docs/authentication.md "DNS"): Node's `dns.promises.Resolver` on the
 * configured servers with a per-lookup timeout, a bounded in-process cache in front of it, and a
 * per-message query budget on top. Failures keep Node's error codes (ENOTFOUND and ENODATA mean "no
 * such record"; anything else is a temporary failure), which is what mailauth's resolver hook expects.
 */
import { promises as dns } from 'node:dns';

/** mailauth's `resolver` hook: records as `dns.promises.resolve(name, type)` returns them. */
export type DnsResolve = (name: string, rrtype: string) => Promise<unknown[]>;

export type DnsError = Error & { code: string };

/**
 * Without a stack trace: a missing record is an answer, not a fault, and the cache answers the same
 * negative lookup on every message from that domain (the trace was 1.7 % of the main thread's samples
 * on POST /v1/analyze; docs/performance.md, "The REST API's own costs").
 */
export function dnsError(code: string, message: string): DnsError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return Object.assign(new Error(message), { code });
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** "No such name" and "no such record": definite answers, cached, never a temporary failure. */
export const isNegative = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA';
};

/** Node's resolver on `servers` (system resolvers when empty); each lookup ends after `timeoutMs`. */
export function createNodeResolve(options: { servers: readonly string[]; timeoutMs: number }): DnsResolve {
  const resolver = new dns.Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  return async (name, rrtype) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(dnsError('ETIMEOUT', `DNS lookup of ${rrtype} ${name} timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    });
    try {
      return (await Promise.race([resolver.resolve(name, rrtype) as Promise<unknown[]>, deadline])) as unknown[];
    } finally {
      clearTimeout(timer);
    }
  };
}

export interface CacheOptions {
  entries: number;
  ttlMs: number;
  negativeTtlMs: number;
  now?: () => number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
}

export type CachedResolve = DnsResolve & { stats(): CacheStats };

type Entry = { expires: number; records: unknown[] } | { expires: number; error: string };

/**
 * Least-recently-used cache of answers and of negative answers (temporary failures are never kept).
 * Concurrent lookups of one name share a single query.
 */
export function createCachedResolve(base: DnsResolve, options: CacheOptions): CachedResolve {
  const now = options.now ?? Date.now;
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown[]>>();
  let hits = 0;
  let misses = 0;

  const remember = (key: string, entry: Entry): void => {
    if (options.entries <= 0 || entry.expires <= now()) return;
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > options.entries) cache.delete(cache.keys().next().value as string);
  };

  const resolve = (async (name: string, rrtype: string) => {
    const key = `${rrtype} ${name.toLowerCase().replace(/\.$/, '')}`;
    const cached = cache.get(key);
    if (cached && cached.expires > now()) {
      hits++;
      cache.delete(key); // re-insert: most recently used last
      cache.set(key, cached);
      if ('error' in cached) throw dnsError(cached.error, `${rrtype} ${name}: ${cached.error} (cached)`);
      return cached.records;
    }
    if (cached) cache.delete(key);
    const pending = inFlight.get(key);
    if (pending) {
      hits++;
      return pending;
    }
    misses++;
    const lookup = base(name, rrtype).then(
      (records) => {
        remember(key, { expires: now() + options.ttlMs, records });
        return records;
      },
      (error: unknown) => {
        if (isNegative(error)) remember(key, { expires: now() + options.negativeTtlMs, error: (error as DnsError).code });
        throw error;
      },
    );
    inFlight.set(key, lookup);
    try {
      return await lookup;
    } finally {
      inFlight.delete(key);
    }
  }) as CachedResolve;
  resolve.stats = () => ({ hits, misses, entries: cache.size });
  return resolve;
}

/** One message's view of the resolver: at most `max` queries (cache hits included), then temporary failures. */
export function budgetedResolve(base: DnsResolve, max: number): DnsResolve & { used(): number } {
  let used = 0;
  const resolve = ((name: string, rrtype: string) => {
    if (++used > max) return Promise.reject(dnsError('EBUDGET', `more than ${max} DNS queries for one message`));
    return base(name, rrtype);
  }) as DnsResolve & { used(): number };
  resolve.used = () => used;
  return resolve;
}
