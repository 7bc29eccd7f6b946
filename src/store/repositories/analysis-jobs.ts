/**
 * Asynchronous analyses (docs/api.md): the `analyses` row says `queued` while an `analysis_jobs` row keeps
 * what is needed to run it, so queued work survives a restart. Completing or failing updates the analysis
 * and deletes the job in the same transaction.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { AnalysisEntry } from '../../core/analysis.js';
import type { AnalysisJobsTable, Database } from '../schema.js';
import { analysisColumns, analysisEntry, outcomeColumns, type AnalysisOutcome } from './analyses.js';

export async function insertQueuedAnalysis(trx: Kysely<Database>, analysis: AnalysisEntry, job: AnalysisJobsTable): Promise<void> {
  await trx.insertInto('analyses').values(analysisColumns(analysis)).execute();
  await trx.insertInto('analysis_jobs').values(job).execute();
}

/** Jobs waiting or running, across all processes (the bound of the asynchronous queue). */
export async function countJobs(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('analysis_jobs').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface ClaimedJob {
  analysisId: string;
  tenantId: string;
  livemode: boolean;
  source: string;
  apiKeyId: string | null;
  createdAt: string;
  chargeQuota: boolean;
  messageJson: string;
}

/** Claims the oldest unleased jobs; same locking as the webhook outbox (SKIP LOCKED on PostgreSQL). */
export async function claimJobs(
  db: Kysely<Database>,
  dialect: Dialect,
  claim: { now: string; leaseUntil: string; token: string; limit: number },
): Promise<ClaimedJob[]> {
  let free = db
    .selectFrom('analysis_jobs')
    .select('analysis_id')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', claim.now)]))
    .orderBy('created_at')
    .limit(claim.limit);
  if (dialect === 'postgres') free = free.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('analysis_jobs')
    .set({ locked_until: claim.leaseUntil, lock_token: claim.token })
    .where('analysis_id', 'in', free)
    .returning(['analysis_id', 'message_json', 'charge_quota'])
    .execute();
  if (!claimed.length) return [];
  const analyses = await db
    .selectFrom('analyses')
    .select(['id', 'tenant_id', 'livemode', 'source', 'api_key_id', 'created_at'])
    .where(
      'id',
      'in',
      claimed.map((row) => row.analysis_id),
    )
    .execute();
  const byId = new Map(analyses.map((row) => [row.id, row]));
  return claimed.flatMap((job) => {
    const analysis = byId.get(job.analysis_id);
    if (!analysis) return [];
    return [
      {
        analysisId: job.analysis_id,
        tenantId: analysis.tenant_id,
        livemode: Number(analysis.livemode) === 1,
        source: analysis.source,
        apiKeyId: analysis.api_key_id,
        createdAt: analysis.created_at,
        chargeQuota: Number(job.charge_quota) === 1,
        messageJson: job.message_json,
      },
    ];
  });
}

/**
 * Turns the queued row into its final state and drops the job. False when it was no longer queued
 * (another process finished it after our lease ran out): the caller must then roll back.
 */
export async function finishQueuedAnalysis(
  trx: Kysely<Database>,
  id: string,
  patch: AnalysisOutcome,
): Promise<boolean> {
  const result = await trx
    .updateTable('analyses')
    .set({ rules_json: null, ...outcomeColumns(patch) })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('analysis_jobs').where('analysis_id', '=', id).execute();
  return true;
}

export async function findAnalysisById(db: Kysely<Database>, id: string): Promise<AnalysisEntry | undefined> {
  const row = await db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirst();
  return row && analysisEntry(row);
}

/** A job whose analysis is already final (finished elsewhere): nothing left to do but forget it. */
export async function deleteJob(db: Kysely<Database>, analysisId: string): Promise<void> {
  await db.deleteFrom('analysis_jobs').where('analysis_id', '=', analysisId).execute();
}
