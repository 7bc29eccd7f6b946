/**
 * The block-list counters of one zone (docs/reputation.md "Operations"), cumulative for the thread that does
 * the lookups: `phishgate reputation status` and the Prometheus metrics read them, and serve adds up its
 * workers' totals (ops/reputation-monitor.ts). Their size is fixed per zone, however many lookups.
 */

/**
 * Upper bounds of the latency buckets, in milliseconds. Chosen for DNS: a cached answer or a resolver on
 * the same host answers under 1 ms, a recursive lookup in tens of ms, a struggling one in hundreds. No
 * lookup is answered later than `dnsbl.timeout_ms` (default 1 s, at most 10 s): the 2.5 s and 5 s bounds
 * are for long deadlines, the +Inf bucket after the last bound holds the rest.
 */
export const LATENCY_BOUNDS_MS: readonly number[] = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

export interface ZoneCounters {
  queries: number;
  listed: number;
  refused: number;
  failed: number;
  late: number;
  /** Summed milliseconds of the lookups that answered (the histogram's `_sum`). */
  latencyMs: number;
  /**
   * Answered lookups by latency, one count per bucket and not cumulative: [i] counts those in
   * (LATENCY_BOUNDS_MS[i-1], LATENCY_BOUNDS_MS[i]], the last entry those above every bound. Not cumulative
   * so that an answer touches one entry and the workers' arrays add up entry by entry.
   */
  latencyBuckets: number[];
}

/** The plain number counters, which add up as they are. */
const COUNTS = ['queries', 'listed', 'refused', 'failed', 'late', 'latencyMs'] as const;

/** A fresh set (its own bucket array: a shared one would be counted into by every zone). */
export function emptyZoneCounters(): ZoneCounters {
  return { queries: 0, listed: 0, refused: 0, failed: 0, late: 0, latencyMs: 0, latencyBuckets: new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0) };
}

/** One answered lookup that took `ms`. */
export function countAnswer(counters: ZoneCounters, ms: number): void {
  counters.latencyMs += ms;
  let bucket = 0;
  while (bucket < LATENCY_BOUNDS_MS.length && ms > LATENCY_BOUNDS_MS[bucket]!) bucket++;
  counters.latencyBuckets[bucket]!++;
}

/** Adds `from` (another thread's totals) into `into`; only `into`'s fixed buckets are read from `from`. */
export function addZoneCounters(into: ZoneCounters, from: ZoneCounters): void {
  for (const key of COUNTS) into[key] += from[key];
  for (let i = 0; i < into.latencyBuckets.length; i++) into.latencyBuckets[i]! += from.latencyBuckets?.[i] ?? 0;
}
