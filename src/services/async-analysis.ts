/**
 * Asynchronous analysis (docs/api.md): POST /v1/analyze {"async": true} stores a `queued` analysis plus a
 * job holding the normalised message and answers 202; a runner completes it in the background and the
 * result goes out by webhook. Quota is charged once, on completion; if it is exhausted by then the
 * analysis becomes `failed` with the reason. Jobs live in the store, so a restart resumes them. A retried
 * request with the same `Idempotency-Key` gets the analysis id of the first one (docs/api.md "Retries"): its
 * key is claimed in the transaction that queues it, as for synchronous analyses (services/idempotency.ts).
 */
import type { Kysely } from 'kysely';
import { toIso } from '../core/clock.js';
import type { Principal } from '../core/domain.js';
import { AppError, isAppError, type ErrorCode } from '../core/errors.js';
import type { NormalizedMessage, Source } from '../core/message.js';
import type { Database } from '../store/schema.js';
import type { AnalysisEntry } from '../core/analysis.js';
import {
  claimJobs,
  countJobs,
  deleteJob,
  findAnalysisById,
  finishQueuedAnalysis,
  insertQueuedAnalysis,
  type ClaimedJob,
} from '../store/repositories/analysis-jobs.js';
import { findTenant } from '../store/repositories/tenants.js';
import { isUniqueViolation } from '../store/transaction.js';
import { createIdempotencyStore, DEFAULT_IDEMPOTENCY_WINDOW_MS, idempotencyClaim } from './idempotency.js';
import type { AfterCommitHook, AnalysisService, InTransactionHook } from './analysis.js';
import { entryToStored } from './analysis-record.js';
import type { ServiceContext } from './context.js';
import { messageSummary } from './message-summary.js';
import type { QuotaService } from './quota.js';

export type { ClaimedJob };

export interface AsyncAnalysisDeps extends ServiceContext {
  analysis: AnalysisService;
  quota: QuotaService;
  /** Jobs waiting or running before POST … {"async": true} answers 429 rate_limited. */
  queueSize: number;
  /** A claimed job whose process died comes back after this long. */
  leaseMs: number;
  inTransaction: InTransactionHook[];
  afterCommit: AfterCommitHook[];
  /** `retention.idempotency_hours` in ms (24 hours by default). */
  idempotencyWindowMs?: number;
}

/** Retry-After when the queue is full: long enough for a full queue to drain at a few hundred per second. */
export const QUEUE_FULL_RETRY_AFTER_S = 5;

export type JobOutcome = { status: 'completed' } | { status: 'failed'; error: { code: ErrorCode; message: string }; cause?: unknown } | { status: 'skipped' };

/** The job outlived its analysis (finished elsewhere after our lease ran out, or deleted). */
class StaleJob extends Error {}

/** JSON with attachment heads (Uint8Array) kept as base64. */
export function encodeMessage(message: NormalizedMessage): string {
  return JSON.stringify(message, (_key, value: unknown) => (value instanceof Uint8Array ? { $base64: Buffer.from(value).toString('base64') } : value));
}

export function decodeMessage(json: string): NormalizedMessage {
  return JSON.parse(json, (_key, value: unknown) =>
    value && typeof value === 'object' && typeof (value as { $base64?: unknown }).$base64 === 'string'
      ? new Uint8Array(Buffer.from((value as { $base64: string }).$base64, 'base64'))
      : value,
  ) as NormalizedMessage;
}


export function createAsyncAnalysisService(deps: AsyncAnalysisDeps) {
  const { store, clock, newId } = deps;
  const listeners = new Set<() => void>();
  const retries = createIdempotencyStore(store, deps.idempotencyWindowMs ?? DEFAULT_IDEMPOTENCY_WINDOW_MS, () => clock.now());

  /** Final state for a job that cannot complete, with the outbox hooks so `analysis.completed` tells the client. */
  async function fail(job: ClaimedJob, principal: Principal, error: { code: ErrorCode; message: string }): Promise<boolean> {
    const done = await store.db.transaction().execute(async (trx: Kysely<Database>) => {
      const finished = await finishQueuedAnalysis(trx, job.analysisId, {
        status: 'failed',
        verdict: null,
        score: null,
        result: { error },
        costMicros: 0,
        completedAt: toIso(clock.now()),
      });
      if (!finished) return null;
      const stored = entryToStored((await findAnalysisById(trx, job.analysisId))!);
      for (const hook of deps.inTransaction) await hook(trx, stored, principal);
      return stored;
    });
    if (!done) return false;
    for (const hook of deps.afterCommit) hook(done, principal, { rules: [] });
    return true;
  }

  return {
    /**
     * Queues the analysis. With `idempotency`, a retry within the window gets the analysis id queued the
     * first time (`replayed`, nothing queued); the same key with another fingerprint throws IdempotencyConflict.
     */
    async enqueue(
      principal: Principal,
      message: NormalizedMessage,
      options: { source: Source; chargeQuota: boolean; apiKeyId?: string | null; idempotency?: { key: string; fingerprint: string } },
    ): Promise<{ analysisId: string; replayed?: boolean }> {
      const claim = options.idempotency ? idempotencyClaim(principal, options.idempotency.key, options.idempotency.fingerprint) : null;
      let stale: string | null = null;
      if (claim) {
        const earlier = await retries.lookup(claim);
        if ('analysis' in earlier) return { analysisId: earlier.analysis.id, replayed: true };
        stale = earlier.stale;
      }
      if ((await countJobs(store.db)) >= deps.queueSize) {
        throw new AppError('rate_limited', 'The asynchronous analysis queue is full; retry later', { retryAfterSeconds: QUEUE_FULL_RETRY_AFTER_S });
      }
      const charging = options.chargeQuota && principal.livemode;
      // Refuse at once what would certainly fail; the charge itself happens on completion.
      if (charging) await deps.quota.assertAvailable(principal.tenant);
      const id = newId('an');
      const now = toIso(clock.now());
      const entry: AnalysisEntry = {
        id,
        tenantId: principal.tenant.id,
        livemode: principal.livemode,
        source: options.source,
        status: 'queued',
        verdict: null,
        score: null,
        ...messageSummary(message),
        result: null,
        costMicros: 0,
        apiKeyId: options.apiKeyId ?? null,
        createdAt: now,
        completedAt: null,
      };
      try {
        await store.db.transaction().execute(async (trx) => {
          if (claim) await retries.claim(trx, claim, id, now, stale);
          await insertQueuedAnalysis(trx, entry, {
            analysis_id: id,
            message_json: encodeMessage(message),
            charge_quota: options.chargeQuota ? 1 : 0,
            locked_until: null,
            lock_token: null,
            created_at: now,
          });
        });
      } catch (error) {
        // Another process queued this key first: nothing of ours was written; its analysis is the answer.
        if (!claim || !isUniqueViolation(error)) throw error;
        const winner = await retries.lookup(claim);
        if ('analysis' in winner) return { analysisId: winner.analysis.id, replayed: true };
        throw error;
      }
      for (const listener of listeners) listener();
      return { analysisId: id };
    },

    /** The runner subscribes to hear about new jobs at once; returns the unsubscribe function. */
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    claim(limit: number): Promise<ClaimedJob[]> {
      const now = clock.now();
      return claimJobs(store.db, store.dialect, { now: toIso(now), leaseUntil: toIso(now + deps.leaseMs), token: newId('lease'), limit });
    },

    /** Runs one claimed job to its final state. Never throws for a bad message or quota; may for a store outage. */
    async run(job: ClaimedJob): Promise<JobOutcome> {
      const tenant = await findTenant(store.db, job.tenantId);
      if (!tenant) {
        await deleteJob(store.db, job.analysisId);
        return { status: 'skipped' };
      }
      const principal: Principal = { tenant, livemode: job.livemode };
      try {
        await deps.analysis.analyze(principal, decodeMessage(job.messageJson), {
          source: job.source as Source,
          chargeQuota: job.chargeQuota,
          apiKeyId: job.apiKeyId,
          queued: {
            id: job.analysisId,
            createdAt: job.createdAt,
            complete: async (trx, { status, verdict, score, result, rules, costMicros, completedAt }) => {
              const outcome = { status, verdict, score, result, rules, costMicros, completedAt };
              if (!(await finishQueuedAnalysis(trx, job.analysisId, outcome))) throw new StaleJob();
            },
          },
        });
        return { status: 'completed' };
      } catch (cause) {
        if (cause instanceof StaleJob) {
          await deleteJob(store.db, job.analysisId);
          return { status: 'skipped' };
        }
        const error = isAppError(cause)
          ? { code: cause.code, message: cause.message }
          : { code: 'internal_error' as const, message: 'The analysis failed because of an internal error; submit the message again' };
        if (!(await fail(job, principal, error))) {
          await deleteJob(store.db, job.analysisId);
          return { status: 'skipped' };
        }
        return { status: 'failed', error, cause: isAppError(cause) ? undefined : cause };
      }
    },
  };
}

export type AsyncAnalysisService = ReturnType<typeof createAsyncAnalysisService>;
