/**
 * A Prometheus histogram whose counts live elsewhere (the block-list latency, summed over serve's worker
 * threads: reputation-monitor.ts). prom-client's Histogram only takes observations one at a time, and totals
 * per bucket are not observations, so this metric answers the registry itself: at each scrape it reads the
 * totals and gives `<name>_bucket{le}` (cumulative over le), `<name>_sum` and `<name>_count` (= the +Inf
 * bucket), the lines a Histogram would.
 *
 * A series never goes back: each bucket and the sum keep the highest total seen, as the counters beside it
 * do (a worker forgotten after MAX_WORKERS_REMEMBERED would otherwise take its counts away). Per bucket, so
 * that the cumulative lines stay monotone over le and `_count` stays the +Inf bucket.
 */
import type { Metric, Registry } from 'prom-client';

export interface HistogramTotals {
  labels: Record<string, string>;
  /** Counts per bucket, not cumulative: one per bound, then the one above every bound. */
  buckets: readonly number[];
  /** Sum of the observations, in the metric's unit. */
  sum: number;
}

export interface TotalsHistogramOptions {
  name: string;
  help: string;
  /** Upper bounds in the metric's unit (seconds for a `_seconds` metric), ascending. */
  bounds: readonly number[];
  read: () => HistogramTotals[];
}

interface Line {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

export function registerTotalsHistogram(registry: Registry, options: TotalsHistogramOptions): void {
  const { name, help, bounds, read } = options;
  const les = [...bounds.map(String), '+Inf'];
  const seen = new Map<string, { buckets: number[]; sum: number }>();
  const lines = (): Line[] => {
    const out: Line[] = [];
    for (const totals of read()) {
      const key = JSON.stringify(totals.labels);
      let kept = seen.get(key);
      if (!kept) seen.set(key, (kept = { buckets: new Array<number>(les.length).fill(0), sum: 0 }));
      let cumulative = 0;
      les.forEach((le, i) => {
        kept.buckets[i] = Math.max(kept.buckets[i]!, totals.buckets[i] ?? 0);
        cumulative += kept.buckets[i]!;
        out.push({ metricName: `${name}_bucket`, labels: { ...totals.labels, le }, value: cumulative });
      });
      kept.sum = Math.max(kept.sum, totals.sum);
      out.push({ metricName: `${name}_sum`, labels: totals.labels, value: kept.sum });
      out.push({ metricName: `${name}_count`, labels: totals.labels, value: cumulative });
    }
    return out;
  };
  const metric = {
    name,
    help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type: 'histogram' as const, aggregator: 'sum' as const, values: lines() }),
    // The totals are not this metric's to clear: they belong to the threads that count them.
    reset: () => undefined,
  };
  // The registry only asks a metric for name, type and get() (and reset()); it is typed as its own classes.
  registry.registerMetric(metric as unknown as Metric);
}
