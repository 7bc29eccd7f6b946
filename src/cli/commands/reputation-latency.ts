/**
 * Per-zone p50 and p95 of the block-list lookups, estimated from a running server's latency histogram
 * (`phishgate_reputation_dnsbl_lookup_seconds_bucket`) the way Prometheus's histogram_quantile does: linear
 * within the bucket the rank falls in, and the highest finite bound when it falls in +Inf. An estimate, no
 * finer than the buckets (docs/reputation.md "Operations").
 */
const BUCKET = 'phishgate_reputation_dnsbl_lookup_seconds_bucket{';

export interface ZoneLatency {
  answered: number;
  p50_ms: number | null;
  p95_ms: number | null;
}

/** Cumulative counts by upper bound (seconds, Infinity for +Inf), ascending. */
type Buckets = Array<{ le: number; count: number }>;

function quantileMs(buckets: Buckets, q: number): number | null {
  const total = buckets.at(-1)?.count ?? 0;
  if (!total) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of buckets) {
    if (count >= rank) {
      if (le === Infinity) return Math.round(lower * 1e4) / 10;
      const within = count > below ? (rank - below) / (count - below) : 0;
      return Math.round((lower + (le - lower) * within) * 1e4) / 10;
    }
    lower = le;
    below = count;
  }
  return null;
}

/** From the server's lines as `serverCounters` reads them ("metric{labels}" → value). */
export function zoneLatency(counters: Record<string, number>): Record<string, ZoneLatency> {
  const byZone = new Map<string, Buckets>();
  for (const [line, count] of Object.entries(counters)) {
    if (!line.startsWith(BUCKET)) continue;
    const zone = /zone="([^"]*)"/.exec(line)?.[1];
    const le = /le="([^"]*)"/.exec(line)?.[1];
    if (zone === undefined || le === undefined) continue;
    const bound = le === '+Inf' ? Infinity : Number(le);
    if (!Number.isFinite(bound) && bound !== Infinity) continue;
    let buckets = byZone.get(zone);
    if (!buckets) byZone.set(zone, (buckets = []));
    buckets.push({ le: bound, count });
  }
  const out: Record<string, ZoneLatency> = {};
  for (const [zone, buckets] of byZone) {
    buckets.sort((a, b) => a.le - b.le);
    out[zone] = { answered: buckets.at(-1)?.count ?? 0, p50_ms: quantileMs(buckets, 0.5), p95_ms: quantileMs(buckets, 0.95) };
  }
  return out;
}
