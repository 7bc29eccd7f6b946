/**
 * The console's history (docs/console.md, "History"): search over the tenant's analyses, one analysis
 * with the rules that fired and the webhook events it caused. Scoped to the principal's tenant and mode
 * and to the analyses retention keeps, exactly like GET /v1/analyses.
 */
import { DAY_MS, toIso } from '../core/clock.js';
import type { Principal } from '../core/domain.js';
import type { RuleHit } from '../core/analysis.js';
import { findAnalysis, type AnalysisScope } from '../store/repositories/analyses.js';
import { searchAnalyses, type HistoryFilter } from '../store/repositories/analysis-search.js';
import { webhookEventsOfAnalysis, type AnalysisWebhookEvent } from '../store/repositories/analysis-webhooks.js';
import { notFound } from '../core/errors.js';
import { analysesPerBucket, analysesSince, failedDeliveriesSince, heldQuarantine, recentResults, type BucketCount } from '../store/repositories/overview-stats.js';
import { registrableDomain } from '../mail/url-info.js';
import { findQuarantinedByAnalysis, type QuarantineEntry } from '../store/repositories/quarantine.js';
import { entryToStored, type StoredAnalysis } from './analysis-record.js';
import type { ServiceContext } from './context.js';

export type { HistoryFilter, AnalysisWebhookEvent, BucketCount };

export interface AnalysisDetail {
  analysis: StoredAnalysis;
  /** Every rule that fired with its weight; empty for analyses stored before rules were kept. */
  rules: RuleHit[];
  webhookEvents: AnalysisWebhookEvent[];
}

export const OVERVIEW_RANGES = ['24h', '7d', '30d'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

/** Top rules and brands are counted over this many of the newest analyses in the range (bounded work). */
export const OVERVIEW_SAMPLE = 5000;

export interface Overview {
  range: OverviewRange;
  /** `hour` buckets are `YYYY-MM-DDTHH`, `day` buckets `YYYY-MM-DD` (UTC). */
  unit: 'hour' | 'day';
  since: string;
  /** The end of the range: now. */
  until: string;
  byVerdict: BucketCount[];
  bySource: BucketCount[];
  topRules: Array<{ id: string; count: number }>;
  topBrands: Array<{ brand: string; count: number }>;
  /** Sending registrable domains of the sample with the most analyses, with their verdicts. */
  topDomains: DomainStats[];
  sampled: number;
  /** Analyses made in the last `LIVE_WINDOW_MS` (the overview's live throughput), whatever the range. */
  recent: { windowMinutes: number; analyses: number };
  quarantine: { messages: number; bytes: number };
  webhookFailures: number;
}

export interface DomainStats {
  domain: string;
  total: number;
  phishing: number;
  suspicious: number;
  safe: number;
}

/** The live-throughput window of the overview. */
export const LIVE_WINDOW_MS = 5 * 60 * 1000;

/**
 * The registrable domain of a stored From value ("Name <a@b.example>" or "a@b.example"), '' when it has no
 * address. Linear: the text after the last '@', up to a closing '>'.
 */
export function sendingDomain(from: string): string {
  const at = from.lastIndexOf('@');
  if (at < 0) return '';
  const rest = from.slice(at + 1);
  const end = rest.indexOf('>');
  const host = (end >= 0 ? rest.slice(0, end) : rest).trim().toLowerCase();
  if (!host || host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) return '';
  return registrableDomain(host) || host;
}

function domainStats(sample: ReadonlyArray<{ from: string; verdict: string | null }>, n: number): DomainStats[] {
  const byDomain = new Map<string, DomainStats>();
  for (const row of sample) {
    const domain = sendingDomain(row.from);
    if (!domain) continue;
    let stats = byDomain.get(domain);
    if (!stats) byDomain.set(domain, (stats = { domain, total: 0, phishing: 0, suspicious: 0, safe: 0 }));
    stats.total++;
    if (row.verdict === 'phishing' || row.verdict === 'suspicious' || row.verdict === 'safe') stats[row.verdict]++;
  }
  return [...byDomain.values()].sort((a, b) => b.total - a.total || (a.domain < b.domain ? -1 : 1)).slice(0, n);
}

const RANGE_MS: Record<OverviewRange, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS };

function top<T extends string>(counts: Map<T, number>, n: number): Array<[T, number]> {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
}

export function createHistoryService({ store, clock }: ServiceContext, options: { retentionDays: number }) {
  const scopeOf = (principal: Principal): AnalysisScope => ({
    tenantId: principal.tenant.id,
    livemode: principal.livemode,
    visibleSince: toIso(clock.now() - options.retentionDays * DAY_MS),
  });

  return {
    async search(principal: Principal, filter: HistoryFilter): Promise<{ items: StoredAnalysis[]; total: number }> {
      const { entries, total } = await searchAnalyses(store.db, scopeOf(principal), filter);
      return { items: entries.map(entryToStored), total };
    },

    async detail(principal: Principal, id: string): Promise<AnalysisDetail> {
      const entry = await findAnalysis(store.db, scopeOf(principal), id);
      if (!entry) throw notFound(`analysis ${id}`);
      return {
        analysis: entryToStored(entry),
        rules: entry.rules ?? [],
        webhookEvents: await webhookEventsOfAnalysis(store.db, id),
      };
    },

    /** The quarantine entry of an analysis in the principal's tenant and mode, if any. */
    async quarantineEntryOf(principal: Principal, analysisId: string): Promise<QuarantineEntry | null> {
      const found = await findQuarantinedByAnalysis(store.db, { tenantId: principal.tenant.id, livemode: principal.livemode }, analysisId);
      return found?.entry ?? null;
    },

    async overview(principal: Principal, range: OverviewRange): Promise<Overview> {
      const visible = clock.now() - options.retentionDays * DAY_MS;
      const since = toIso(Math.max(visible, clock.now() - RANGE_MS[range]));
      const scope = { tenantId: principal.tenant.id, livemode: principal.livemode, since };
      const chars = range === '24h' ? 13 : 10;
      const liveSince = toIso(Math.max(visible, clock.now() - LIVE_WINDOW_MS));
      const [byVerdict, bySource, sample, quarantine, webhookFailures, recent] = await Promise.all([
        analysesPerBucket(store.db, scope, chars, 'verdict'),
        analysesPerBucket(store.db, scope, chars, 'source'),
        recentResults(store.db, scope, OVERVIEW_SAMPLE),
        heldQuarantine(store.db, scope),
        failedDeliveriesSince(store.db, scope),
        analysesSince(store.db, { ...scope, since: liveSince }),
      ]);
      const rules = new Map<string, number>();
      const brands = new Map<string, number>();
      for (const row of sample) {
        for (const hit of row.rules ? (JSON.parse(row.rules) as Array<{ id: string }>) : []) rules.set(hit.id, (rules.get(hit.id) ?? 0) + 1);
        const brand = row.result ? (JSON.parse(row.result) as { indicators?: { brand_spoofing?: string | null } }).indicators?.brand_spoofing : null;
        if (brand) brands.set(brand, (brands.get(brand) ?? 0) + 1);
      }
      return {
        range,
        unit: range === '24h' ? 'hour' : 'day',
        since,
        until: toIso(clock.now()),
        byVerdict,
        bySource,
        topRules: top(rules, 10).map(([id, count]) => ({ id, count })),
        topBrands: top(brands, 10).map(([brand, count]) => ({ brand, count })),
        topDomains: domainStats(sample, 10),
        sampled: sample.length,
        recent: { windowMinutes: LIVE_WINDOW_MS / 60_000, analyses: recent },
        quarantine,
        webhookFailures,
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
