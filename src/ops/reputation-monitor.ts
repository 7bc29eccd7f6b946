/**
 * Reputation as operations see it (docs/reputation.md "Operations"): the zones' counters summed over serve's
 * worker threads (each does its own lookups and reports its totals, engine/worker.ts), the feeds of the main
 * thread, the `/readyz` detail of the feeds and the Prometheus metrics. Feeds never make the service unready
 * (an advisory check): a feed that failed keeps its last good copy and the detail says so.
 */
import { Counter, Gauge } from 'prom-client';
import type { Readiness } from '../core/readiness.js';
import { addZoneCounters, emptyZoneCounters, LATENCY_BOUNDS_MS, type ZoneCounters } from '../engine/reputation/dnsbl-counters.js';
import type { Reputation, ReputationStatus } from '../engine/reputation/index.js';
import type { Metrics } from './metrics.js';
import { registerTotalsHistogram } from './totals-histogram.js';

/** Workers a long run may have had (each replaced worker keeps its last totals, so counters never go back). */
const MAX_WORKERS_REMEMBERED = 1000;

export interface ReputationMonitor {
  status(): ReputationStatus;
  /** A worker's cumulative counters (worker-pool.ts `onReputationCounters`). */
  workerCounters(worker: number, zones: Record<string, ZoneCounters>, feedHits: Record<string, number>): void;
}

export function createReputationMonitor(reputation: Reputation, options: { workers: boolean }): ReputationMonitor {
  const byWorker = new Map<number, { zones: Record<string, ZoneCounters>; feedHits: Record<string, number> }>();
  return {
    workerCounters(worker, zones, feedHits) {
      byWorker.delete(worker);
      byWorker.set(worker, { zones, feedHits });
      if (byWorker.size > MAX_WORKERS_REMEMBERED) byWorker.delete(byWorker.keys().next().value!);
    },
    status() {
      const own = reputation.status();
      if (!options.workers) return own;
      const zones = own.zones.map((zone) => {
        const sum = emptyZoneCounters();
        for (const counters of byWorker.values()) {
          const c = counters.zones[zone.zone];
          if (c) addZoneCounters(sum, c);
        }
        return { ...zone, ...sum };
      });
      // The workers match the links; the main thread's own set only loads.
      const feeds = own.feeds.map((feed) => ({ ...feed, hits: [...byWorker.values()].reduce((sum, w) => sum + (w.feedHits[feed.name] ?? 0), 0) }));
      return { zones, feeds };
    },
  };
}

/** "OpenPhish 2,000 entries, feed of 2026-12-05T04:00Z, last load failed: HTTP 500 …" per feed, or true. */
export function registerReputationReadiness(readiness: Readiness, monitor: ReputationMonitor): void {
  if (!monitor.status().feeds.length) return;
  readiness.register('reputation_feeds', async () => {
    const problems = monitor
      .status()
      .feeds.filter((f) => f.lastError || !f.date)
      .map((f) => (f.date ? `${f.name}: last load failed (${f.lastError}); copy of ${f.date} in use` : `${f.name}: not loaded${f.lastError ? ` (${f.lastError})` : ''}`));
    return problems.length ? problems.join('; ') : true;
  }, { advisory: true });
}

export function registerReputationMetrics(metrics: Metrics, monitor: ReputationMonitor): void {
  const registers = [metrics.registry];
  const seen = new Map<string, number>();
  /** Counters whose totals live elsewhere: each scrape adds what grew since the last one. */
  const grow = (counter: Counter<string>, key: string, labels: Record<string, string>, total: number): void => {
    const last = seen.get(key) ?? 0;
    if (total > last) counter.inc(labels, total - last);
    seen.set(key, Math.max(last, total));
  };
  const zoneCounter = (name: string, help: string, field: Exclude<keyof ZoneCounters, 'latencyBuckets'>): void => {
    new Counter({
      name,
      help,
      labelNames: ['zone'],
      registers,
      collect() {
        for (const zone of monitor.status().zones) grow(this, `${name} ${zone.zone}`, { zone: zone.zone }, zone[field]);
      },
    });
  };
  zoneCounter('phishgate_reputation_dnsbl_lookups_total', 'DNS block-list lookups sent, by zone', 'queries');
  zoneCounter('phishgate_reputation_dnsbl_listed_total', 'DNS block-list lookups that found a listing, by zone', 'listed');
  zoneCounter('phishgate_reputation_dnsbl_refused_total', 'DNS block-list answers that refused the query (127.255.255.x, 127.0.0.1), by zone', 'refused');
  zoneCounter('phishgate_reputation_dnsbl_errors_total', 'DNS block-list lookups that failed, by zone', 'failed');
  zoneCounter('phishgate_reputation_dnsbl_late_total', 'DNS block-list lookups unanswered by the per-message deadline, by zone', 'late');
  // Its `_sum` series is the counter of that name that came before it: same name, same seconds.
  registerTotalsHistogram(metrics.registry, {
    name: 'phishgate_reputation_dnsbl_lookup_seconds',
    help: 'Time the answered DNS block-list lookups took (cached answers included), by zone',
    bounds: LATENCY_BOUNDS_MS.map((ms) => ms / 1000),
    read: () => monitor.status().zones.map((z) => ({ labels: { zone: z.zone }, buckets: z.latencyBuckets, sum: z.latencyMs / 1000 })),
  });
  new Counter({
    name: 'phishgate_reputation_feed_hits_total',
    help: 'Links found on a URL feed, by feed',
    labelNames: ['feed'],
    registers,
    collect() {
      for (const feed of monitor.status().feeds) grow(this, `hits ${feed.name}`, { feed: feed.name }, feed.hits);
    },
  });
  new Counter({
    name: 'phishgate_reputation_feed_load_failures_total',
    help: 'URL feed loads that failed (the last good copy stays in use), by feed',
    labelNames: ['feed'],
    registers,
    collect() {
      for (const feed of monitor.status().feeds) grow(this, `failures ${feed.name}`, { feed: feed.name }, feed.failures);
    },
  });
  const feedGauge = (name: string, help: string, read: (f: ReputationStatus['feeds'][number]) => number): void => {
    new Gauge({
      name,
      help,
      labelNames: ['feed'],
      registers,
      collect() {
        for (const feed of monitor.status().feeds) this.set({ feed: feed.name }, read(feed));
      },
    });
  };
  feedGauge('phishgate_reputation_feed_entries', 'URLs in the copy of each feed in use', (f) => f.entries);
  feedGauge('phishgate_reputation_feed_age_seconds', 'Age of the copy of each feed in use (from its date); -1 before the first load', (f) => (f.date ? (Date.now() - Date.parse(f.date)) / 1000 : -1));
  feedGauge('phishgate_reputation_feed_last_load_failed', '1 when the last load of a feed failed (the last good copy stays in use)', (f) => (f.lastError ? 1 : 0));
}
