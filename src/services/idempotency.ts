/**
 * Analyses that are retries of one already made (docs/security.md "Faults and retries"). A message
 * whose next hop was down came back through the door on every Postfix retry and was analysed (and
 * announced by webhook) each time; an API client retrying a timed-out request did the same. Within the
 * window (`retention.idempotency_hours`), a retry with the same key gets the stored analysis back: no
 * new analysis, no new charge, no new webhook event. Keys come from the doors (envelope + a hash of the
 * whole message as received) or from the API's `Idempotency-Key` header (Stripe's convention: the same key with another
 * request is refused).
 *
 * Kept in the store (table `idempotency_keys`), so a retry after a restart, or one that reaches another
 * process on the same database, gets the same answer. The key's row is written in the transaction that
 * stores the analysis and is unique per tenant, mode and key: when two retries race (two processes, or
 * two sessions of one), both may run the engine, but only one transaction commits; the other fails on
 * the key, is rolled back whole (no analysis, charge or event) and answers with the winner's analysis.
 * That is why no in-memory record is kept: the store decides, whichever process asks.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toIso } from '../core/clock.js';
import type { Principal } from '../core/domain.js';
import type { Store } from '../store/database.js';
import type { Database } from '../store/schema.js';
import type { AnalysisEntry } from '../core/analysis.js';
import { findAnalysis } from '../store/repositories/analyses.js';
import { claimIdempotencyKey, findIdempotencyKey, type IdempotencyKeyId } from '../store/repositories/idempotency-keys.js';

export const DEFAULT_IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

export class IdempotencyConflict extends Error {}

/** One retry key of one tenant and mode, as stored. */
export interface IdempotencyClaim {
  id: IdempotencyKeyId;
  fingerprint: string;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function idempotencyClaim(principal: Principal, key: string, fingerprint: string): IdempotencyClaim {
  return { id: { tenant_id: principal.tenant.id, livemode: principal.livemode ? 1 : 0, key_hash: sha256(key) }, fingerprint };
}

/** The analysis an earlier use of the key made, or what a new one must replace (see `lookup`). */
export type Earlier = { analysis: AnalysisEntry } | { stale: string | null };

export function createIdempotencyStore(store: Store, windowMs: number, now: () => number) {
  const expiredBefore = (): string => toIso(now() - windowMs);
  return {
    /**
     * The analysis made by an earlier use of the key within the window (completed, or still queued for an
     * asynchronous request), or what a new analysis must replace (`stale`: the id of an analysis the key
     * points to that no longer exists). Throws IdempotencyConflict when the key was used with another request.
     */
    async lookup(claim: IdempotencyClaim): Promise<Earlier> {
      const row = await findIdempotencyKey(store.db, claim.id);
      if (!row || row.created_at < expiredBefore()) return { stale: null };
      if (row.fingerprint !== claim.fingerprint) throw new IdempotencyConflict('the key was already used for another request');
      const analysis = await findAnalysis(store.db, { tenantId: claim.id.tenant_id, livemode: claim.id.livemode === 1, visibleSince: '' }, row.analysis_id);
      return analysis ? { analysis } : { stale: row.analysis_id };
    },

    /** Inside the analysis's transaction: fails (unique violation) when another analysis holds the key. */
    async claim(trx: Kysely<Database>, claim: IdempotencyClaim, analysisId: string, createdAt: string, stale: string | null): Promise<void> {
      await claimIdempotencyKey(trx, { ...claim.id, fingerprint: claim.fingerprint, analysis_id: analysisId, created_at: createdAt }, expiredBefore(), stale);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
