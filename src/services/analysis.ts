import type { Kysely } from 'kysely';
import type { AnalysisEntry, AnalysisRecord } from '../core/analysis.js';
import { DAY_MS, toIso } from '../core/clock.js';
import type { Principal } from '../core/domain.js';
import { notFound } from '../core/errors.js';
import type { NormalizedMessage, Source } from '../core/message.js';
import { isAnalysisTimeout, type AnalysisTimeoutError } from '../engine/analysis-client.js';
import type { Engine } from '../engine/types.js';
import type { ClassifierModel } from '../engine/classifier/model.js';
import { countSender, senderHistoryFor } from './sender-history.js';
import type { Database } from '../store/schema.js';
import { findAnalysis, findAnalysesByIds, insertAnalysis, listAnalyses, listAnalysisIds, streamAnalyses, type AnalysisFilter, type AnalysisScope } from '../store/repositories/analyses.js';
import { buildRecord, entryToStored, type StoredAnalysis } from './analysis-record.js';
import type { ServiceContext } from './context.js';
import { messageSummary, recipientList } from './message-summary.js';
import { isUniqueViolation } from '../store/transaction.js';
import { createGroupCommit } from '../store/group-commit.js';
import type { ListService } from './lists.js';
import type { QuotaService, QuotaState } from './quota.js';
import { createIdempotencyStore, DEFAULT_IDEMPOTENCY_WINDOW_MS, idempotencyClaim, type IdempotencyClaim } from './idempotency.js';

export type { AnalysisFilter };

export interface AnalyzeOptions {
  source: Source;
  /** Count against the monthly quota (API live keys; gateway only when configured). */
  chargeQuota: boolean;
  apiKeyId?: string | null;
  /** Completes an analysis queued earlier (asynchronous analysis) instead of inserting a new one. */
  queued?: QueuedTarget;
  /**
   * The recipients this analysis is for (the mail doors: the tenant's envelope recipients), whose own
   * list entries apply (docs/recipients.md). Default: the message's To addresses, else its envelope.
   */
  recipients?: string[];
  /**
   * A retry of an earlier analysis (docs/security.md "Faults and retries"): within the window the stored
   * analysis is returned, with no new charge and no new webhook event, also after a restart and from
   * another process on the same store. `key` is scoped to the tenant and mode here; `fingerprint` must
   * match the first request's (else IdempotencyConflict).
   */
  idempotency?: { key: string; fingerprint: string };
}

/** A row of `listPage`: `stored` is null when the caller said it already has this analysis. */
export interface ListedAnalysis {
  id: string;
  /** No longer queued: its record will not change. */
  final: boolean;
  stored: StoredAnalysis | null;
}

export interface QueuedTarget {
  id: string;
  createdAt: string;
  /** Writes the final entry in place of the insert, inside the same transaction; throws to roll back. */
  complete: (trx: Kysely<Database>, entry: AnalysisEntry) => Promise<void>;
}

export interface AnalysisOutcome {
  record: AnalysisRecord;
  /** True when this was a retry answered with the analysis made earlier. */
  replayed?: boolean;
  /** The tenant's quota after this analysis (unchanged when not charged). */
  quota: QuotaState;
}

/** Runs inside the transaction that stores the analysis, so its writes commit or fail with it (webhook outbox). */
export type InTransactionHook = (trx: Kysely<Database>, stored: StoredAnalysis, principal: Principal) => Promise<void>;
/** Runs after commit (metrics, notifications); must not throw. */
export type AfterCommitHook = (stored: StoredAnalysis, principal: Principal, result: { rules: { id: string }[] }) => void;
/**
 * Runs once per message whose parse or analysis hit the worker deadline (metrics); `door` is the source
 * the timed-out analysis is recorded under. Must not throw.
 */
export type TimeoutHook = (door: Source, error: AnalysisTimeoutError) => void;

export interface AnalysisServiceDeps extends ServiceContext {
  engine: Engine;
  quota: QuotaService;
  lists: ListService;
  /** Domains the tenant receives mail for (from the gateway configuration). */
  tenantDomains: (tenantId: string) => string[];
  retentionDays: number;
  inTransaction?: InTransactionHook[];
  afterCommit?: AfterCommitHook[];
  onTimeout?: TimeoutHook[];
  /** A tenant's own classifier model (docs/recipients.md, "Tenant learning"); undefined: the engine's. */
  classifierFor?: (tenantId: string) => Promise<ClassifierModel | undefined>;
  /** How long a retry gets the stored analysis (`retention.idempotency_hours`); 24 hours by default. */
  idempotencyWindowMs?: number;
  /** `reputation.history.enabled`: read and count the sender's domain history (docs/reputation.md). */
  senderHistory?: boolean;
}


export function createAnalysisService(deps: AnalysisServiceDeps) {
  const { store, clock, newId, engine, quota, lists } = deps;
  const retries = createIdempotencyStore(store, deps.idempotencyWindowMs ?? DEFAULT_IDEMPOTENCY_WINDOW_MS, () => clock.now());
  // Analyses finished in the same turn of the event loop share one SQLite commit (store/group-commit.ts).
  const commits = createGroupCommit(store);
  const scopeOf = (principal: Principal): AnalysisScope => ({
    tenantId: principal.tenant.id,
    livemode: principal.livemode,
    visibleSince: toIso(clock.now() - deps.retentionDays * DAY_MS),
  });

  /** Live traffic of a tenant with a model of its own is judged with it; test mode keeps the engine's. */
  async function tenantClassifier(principal: Principal): Promise<{ classifier?: ClassifierModel }> {
    if (!deps.classifierFor || !principal.livemode) return {};
    const model = await deps.classifierFor(principal.tenant.id);
    return model ? { classifier: model } : {};
  }

  /** Each deadline hit once, however many tenants' analyses record it (the mail doors record one per tenant). */
  const reported = new WeakSet<AnalysisTimeoutError>();
  function reportTimeout(door: Source, error: AnalysisTimeoutError): void {
    if (reported.has(error)) return;
    reported.add(error);
    for (const hook of deps.onTimeout ?? []) hook(door, error);
  }

  async function recordTimeout(principal: Principal, message: NormalizedMessage, options: AnalyzeOptions, error: AnalysisTimeoutError): Promise<string> {
    reportTimeout(options.source, error);
    const id = newId('an');
    const now = toIso(clock.now());
    await insertAnalysis(store.db, {
      id,
      tenantId: principal.tenant.id,
      livemode: principal.livemode,
      source: options.source,
      status: 'failed',
      verdict: null,
      score: null,
      ...messageSummary(message),
      result: { error: { code: error.code, message: error.message }, coverage: [...message.coverage, error.coverageNote] },
      costMicros: 0,
      apiKeyId: options.apiKeyId ?? null,
      createdAt: now,
      completedAt: now,
    });
    return id;
  }

  /**
   * The one path every door takes (architecture: "one engine, three doors"): lists → engine →
   * one transaction that charges quota, prices, stores, claims the retry key and queues hooks.
   */
  async function analyseNew(principal: Principal, message: NormalizedMessage, options: AnalyzeOptions, retry: { claim: IdempotencyClaim; stale: string | null } | null): Promise<AnalysisOutcome> {
    const charging = options.chargeQuota && principal.livemode;
    if (charging) await quota.assertAvailable(principal.tenant);
    const { allowList, blockList, recipientLists } = await lists.forEngine(principal, options.recipients ?? recipientList(message));
    const historyScope = { tenantId: principal.tenant.id, livemode: principal.livemode };
    const senderHistory = deps.senderHistory ? await senderHistoryFor(store.db, historyScope, message) : undefined;
    let result;
    try {
      result = await engine.analyze(message, {
        allowList,
        blockList,
        recipientLists,
        tenantDomains: deps.tenantDomains(principal.tenant.id),
        now: clock.now(),
        ...(message.authentication ? { authentication: message.authentication } : {}),
        ...(await tenantClassifier(principal)),
        ...(senderHistory !== undefined && { senderHistory }),
      });
    } catch (error) {
      // A deadline hit is recorded (status failed, with a coverage note) before the door applies its policy.
      if (isAnalysisTimeout(error)) {
        reportTimeout(options.source, error);
        if (!options.queued) error.analysisId = await recordTimeout(principal, message, options, error);
      }
      throw error;
    }

    const completedAt = toIso(clock.now());
    const id = options.queued?.id ?? newId('an');
    const createdAt = options.queued?.createdAt ?? completedAt;
    const { record, quotaAfter, stored } = await commits.run(async (trx) => {
      // The retry key first: a transaction that loses the key to another process fails before it charges.
      if (retry) await retries.claim(trx, retry.claim, id, completedAt, retry.stale);
      const charge = charging ? await quota.charge(trx, principal.tenant) : null;
      const record = buildRecord({ id, result, costMicros: charge?.costMicros ?? 0, createdAt, source: options.source, livemode: principal.livemode, authentication: message.authentication });
      const entry: AnalysisEntry = {
        id,
        tenantId: principal.tenant.id,
        livemode: principal.livemode,
        source: options.source,
        status: 'completed',
        verdict: record.verdict,
        score: record.score,
        ...messageSummary(message),
        result: record,
        // Kept beside the client-visible record (which has no rules) for the console (docs/console.md).
        rules: result.rules.map((r) => ({ id: r.id, strength: r.strength, weight: r.weight, reason: r.reason })),
        costMicros: charge?.costMicros ?? 0,
        apiKeyId: options.apiKeyId ?? null,
        createdAt,
        completedAt,
      };
      await (options.queued ? options.queued.complete(trx, entry) : insertAnalysis(trx, entry));
      // With the analysis, in its transaction: the aggregate never counts an analysis that was not stored.
      if (deps.senderHistory) await countSender(trx, historyScope, message, completedAt, record.verdict);
      const stored = entryToStored(entry);
      for (const hook of deps.inTransaction ?? []) await hook(trx, stored, principal);
      return { record, quotaAfter: charge?.quota, stored };
    });
    for (const hook of deps.afterCommit ?? []) hook(stored, principal, result);
    return { record, quota: quotaAfter ?? (await quota.state(principal.tenant)) };
  }

  /** The analysis a synchronous key made is completed (its key is written with it): its record, as first returned. */
  async function replayed(principal: Principal, analysis: AnalysisEntry): Promise<AnalysisOutcome> {
    if (analysis.status !== 'completed' || !analysis.result) throw new Error(`retry key names analysis ${analysis.id}, which is ${analysis.status}`);
    // A completed analysis keeps its whole record.
    return { record: analysis.result as AnalysisRecord, replayed: true, quota: await quota.state(principal.tenant) };
  }

  const service = {
    /** Transactions that stored analyses and analyses they carried (tests, docs/performance.md). */
    commitStats: commits.stats,

    /** Records a message whose parsing hit the deadline (the doors' parse runs before any analysis). */
    recordTimeout: (principal: Principal, message: NormalizedMessage, options: AnalyzeOptions, error: AnalysisTimeoutError) => recordTimeout(principal, message, options, error),

    /**
     * The one path every door takes (architecture: "one engine, three doors"). A retry within the window
     * (`options.idempotency`, docs/security.md "Faults and retries") gets the stored analysis back,
     * `replayed`; anything else is analysed (analyseNew).
     */
    async analyze(principal: Principal, message: NormalizedMessage, options: AnalyzeOptions): Promise<AnalysisOutcome> {
      if (!options.idempotency || options.queued) return analyseNew(principal, message, options, null);
      const claim = idempotencyClaim(principal, options.idempotency.key, options.idempotency.fingerprint);
      const earlier = await retries.lookup(claim);
      if ('analysis' in earlier) return replayed(principal, earlier.analysis);
      try {
        return await analyseNew(principal, message, options, { claim, stale: earlier.stale });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another process (or session) committed an analysis for this key first; this one was rolled back
        // whole (no analysis, charge or event), and the first one's analysis is the answer.
        const winner = await retries.lookup(claim);
        if ('analysis' in winner) return replayed(principal, winner.analysis);
        throw error;
      }
    },

    async get(principal: Principal, id: string): Promise<StoredAnalysis> {
      const entry = await findAnalysis(store.db, scopeOf(principal), id);
      if (!entry) throw notFound(`analysis ${id}`);
      return entryToStored(entry);
    },

    async list(principal: Principal, filter: AnalysisFilter): Promise<{ items: StoredAnalysis[]; total: number }> {
      const { entries, total } = await listAnalyses(store.db, scopeOf(principal), filter);
      return { items: entries.map(entryToStored), total };
    },

    /**
     * One page of the listing for a caller that keeps serialized copies of analyses (GET /v1/analyses):
     * only the rows it has no copy of (`known` says no) are read whole and parsed; the others come as id
     * and status. A row's record never changes once it is no longer `queued` (docs/performance.md).
     */
    async listPage(principal: Principal, filter: AnalysisFilter, known: (id: string) => boolean): Promise<{ items: ListedAnalysis[]; total: number; totalExact: boolean }> {
      const scope = scopeOf(principal);
      const { rows, total, totalExact } = await listAnalysisIds(store.db, scope, filter);
      const wanted = new Set(rows.filter((r) => r.status === 'queued' || !known(r.id)).map((r) => r.id));
      const found = new Map((await findAnalysesByIds(store.db, scope, [...wanted])).map((entry) => [entry.id, entryToStored(entry)]));
      const items: ListedAnalysis[] = [];
      for (const { id, status } of rows) {
        const stored = found.get(id);
        if (stored) items.push({ id, final: stored.status !== 'queued', stored });
        // Gone between the two reads (retention) when it was wanted; else the caller's copy stands.
        else if (!wanted.has(id)) items.push({ id, final: status !== 'queued', stored: null });
      }
      return { items, total, totalExact };
    },

    /** Every analysis the filter selects, newest first, one batch in memory at a time (history export). */
    async *export(principal: Principal, filter: Omit<AnalysisFilter, 'limit' | 'offset'>, batchSize = 500): AsyncGenerator<StoredAnalysis> {
      for await (const entry of streamAnalyses(store.db, scopeOf(principal), filter, batchSize)) yield entryToStored(entry);
    },
  };
  return service;
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
