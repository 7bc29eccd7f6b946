/**
 * Reputation sources as the engine runs them (docs/reputation.md): built from the `reputation` section,
 * nothing at all when it enables nothing (the default), so an engine without reputation does no lookups.
 */
import type { Config } from '../../config/schema.js';
import type { Detector } from '../detector.js';
import { emptyZoneCounters, type ZoneCounters } from './dnsbl-counters.js';
import { createDnsblResolve, type DnsblResolve } from './dnsbl-resolver.js';
import { createDnsblRules } from './dnsbl-rules.js';
import { ZoneHealth } from './dnsbl-health.js';
import { createFeedRule } from './feed-rule.js';
import { createHistoryRules } from './history-rules.js';
import { FeedSet, type FeedStatus } from './feed-set.js';

export interface ReputationStatus {
  zones: Array<{ zone: string; type: 'ip' | 'domain'; codes: string } & ZoneCounters>;
  feeds: FeedStatus[];
}

export interface Reputation {
  rules: Detector[];
  /** The feeds' copies; `start` loads them and schedules refreshes, `close` stops them. */
  feeds: FeedSet;
  start(): Promise<void>;
  status(): ReputationStatus;
  close(): void;
}

export interface ReputationOptions {
  /** Replaces the node:dns resolver (tests of the rules alone; the resolver's own tests use a loopback server). */
  resolve?: DnsblResolve;
  /** Replaces global fetch for feed downloads (tests use a real local server; this is for odd cases). */
  fetch?: typeof fetch;
  onFeedError?: (feed: string, error: string) => void;
  /**
   * Called when a message's block-list lookups go out and it starts waiting for them: the engine worker lets
   * its next message start meanwhile (docs/performance.md, "Messages waiting on lookups").
   */
  onLookupsWaiting?: () => void;
}

export function createReputation(config: Config['reputation'] | undefined, options: ReputationOptions = {}): Reputation {
  const rules: Detector[] = [];
  const counters = new Map<string, ZoneCounters>();
  const dnsbl = config?.dnsbl;
  if (dnsbl?.enabled && dnsbl.zones.length > 0) {
    const resolve =
      options.resolve ??
      createDnsblResolve({ servers: dnsbl.servers, timeoutMs: dnsbl.timeout_ms, cacheEntries: dnsbl.cache_entries, maxTtlMs: dnsbl.max_ttl_s * 1000, negativeTtlMs: dnsbl.negative_ttl_s * 1000 });
    const health = new ZoneHealth({ failures: dnsbl.skip_after_failures, skipMs: dnsbl.skip_for_s * 1000 });
    rules.push(...createDnsblRules({ zones: dnsbl.zones, timeoutMs: dnsbl.timeout_ms, maxQueries: dnsbl.max_queries_per_message }, resolve, counters, health, options.onLookupsWaiting));
  }
  const zones = dnsbl?.enabled ? dnsbl.zones : [];
  const feeds = new FeedSet(config?.feeds ?? [], { ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.onFeedError ? { onError: options.onFeedError } : {}) });
  if (config?.feeds.length) rules.push(createFeedRule(feeds));
  if (config?.history.enabled) rules.push(...createHistoryRules({ minMessages: config.history.min_messages }));
  let started = false;
  return {
    rules,
    feeds,
    start: () => {
      if (started || !config?.feeds.length) return Promise.resolve();
      started = true;
      return feeds.start();
    },
    status: () => ({
      zones: zones.map((z) => ({ zone: z.zone, type: z.type, codes: z.codes, ...(counters.get(z.zone) ?? emptyZoneCounters()) })),
      feeds: feeds.status(),
    }),
    close: () => feeds.stop(),
  };
}
