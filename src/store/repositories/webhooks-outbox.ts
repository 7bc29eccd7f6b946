/**
 * The transactional outbox (docs/api.md): events and
 * deliveries are inserted in the analysis' own transaction; the worker claims due deliveries under a
 * lease, and settles each one with the attempt it made.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEventsTable } from '../schema.js';
import type { Dialect } from '../database.js';

/** A literal (not a bound parameter), so SQLite's planner can use the partial `status = 'pending'` indexes. */
const PENDING = sql.lit('pending');

/**
 * Delivery bookkeeping (claims, settlements) can be lost in a database crash without harm: the delivery
 * simply becomes due again, and receivers deduplicate on the event id. So on PostgreSQL these
 * transactions do not wait for their WAL flush (two per delivery would otherwise dominate its cost and
 * compete with the analyses' own commits). The outbox rows, written with the analysis, stay fully durable.
 * SQLite in WAL mode with synchronous=NORMAL already commits without a flush.
 */
function bookkeeping<T>(db: Kysely<Database>, dialect: Dialect, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SET LOCAL synchronous_commit TO OFF`.execute(trx);
    return work(trx);
  });
}

export async function insertOutbox(
  trx: Kysely<Database>,
  events: WebhookEventsTable[],
  deliveries: WebhookDeliveriesTable[],
): Promise<void> {
  if (events.length) await trx.insertInto('webhook_events').values(events).execute();
  if (deliveries.length) await trx.insertInto('webhook_deliveries').values(deliveries).execute();
}

/** Endpoints with at least one delivery due and unclaimed at `now` (the worker's periodic look-around). */
export async function endpointsWithDueDeliveries(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('webhook_id')
    .distinct()
    .where('status', '=', PENDING)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .limit(limit)
    .execute();
  return rows.map((row) => row.webhook_id);
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  attemptCount: number;
  retryStep: number;
  url: string;
  secret: string;
  payload: string;
}

export interface ClaimRequest {
  webhookId: string;
  now: string;
  leaseUntil: string;
  /** Unique per claim: only the holder of the token may settle the delivery. */
  token: string;
  limit: number;
}

/**
 * Claims up to `limit` due deliveries of one endpoint, oldest first. One statement: atomic on SQLite
 * (single writer); on PostgreSQL the inner SELECT takes row locks with SKIP LOCKED, so concurrent
 * processes claim disjoint rows, and a row settled meanwhile fails the re-checked WHERE.
 */
export async function claimDueDeliveries(db: Kysely<Database>, dialect: Dialect, claim: ClaimRequest): Promise<ClaimedDelivery[]> {
  let due = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', claim.webhookId)
    .where('status', '=', PENDING)
    .where('next_attempt_at', '<=', claim.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', claim.now)]))
    .orderBy('next_attempt_at')
    .limit(claim.limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const update = (trx: Kysely<Database>) =>
    trx
      .updateTable('webhook_deliveries')
      .set({ locked_until: claim.leaseUntil, lock_token: claim.token })
      .where('id', 'in', due)
      .returning(['id', 'event_id', 'attempt_count', 'retry_step'])
      .execute();
  const claimed = dialect === 'postgres' ? await bookkeeping(db, dialect, update) : await update(db);
  if (!claimed.length) return [];

  // The event bodies and the endpoint's URL and secret are read after the claim: no locks held meanwhile.
  // An inner join: if the endpoint was deleted in between, its deliveries went with it and nothing is sent.
  const details = await db
    .selectFrom('webhook_events as e')
    .innerJoin('webhooks as w', (join) => join.on('w.id', '=', claim.webhookId))
    .select(['e.id', 'e.payload', 'w.url', 'w.secret'])
    .where(
      'e.id',
      'in',
      claimed.map((row) => row.event_id),
    )
    .execute();
  const byEvent = new Map(details.map((row) => [row.id, row]));
  const out: ClaimedDelivery[] = [];
  for (const row of claimed) {
    const detail = byEvent.get(row.event_id);
    if (!detail) continue;
    out.push({
      id: row.id,
      webhookId: claim.webhookId,
      eventId: row.event_id,
      attemptCount: Number(row.attempt_count),
      retryStep: Number(row.retry_step),
      url: detail.url,
      secret: detail.secret,
      payload: detail.payload,
    });
  }
  return out;
}

export interface Settlement {
  deliveryId: string;
  token: string;
  now: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** When to try again (status pending), else null. */
  nextAttemptAt: string | null;
  retryStep: number;
  attempt: WebhookAttemptsTable;
}

/**
 * Records an attempt and moves the delivery on, in one short transaction (never across the HTTP call).
 * Returns false when the lease was lost (another worker re-claimed an expired lease, or the endpoint was
 * deleted): the attempt is still recorded if the delivery exists, but its state belongs to the new holder.
 */
export async function settleDelivery(db: Kysely<Database>, dialect: Dialect, settlement: Settlement): Promise<boolean> {
  const { attempt } = settlement;
  return bookkeeping(db, dialect, async (trx) => {
    const result = await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: settlement.status,
        attempt_count: eb('attempt_count', '+', 1),
        retry_step: settlement.retryStep,
        next_attempt_at: settlement.nextAttemptAt,
        locked_until: null,
        lock_token: null,
        last_status_code: attempt.status_code,
        last_error: attempt.error,
        updated_at: settlement.now,
        completed_at: settlement.status === 'pending' ? null : settlement.now,
      }))
      .where('id', '=', settlement.deliveryId)
      .where('lock_token', '=', settlement.token)
      .executeTakeFirst();
    const settled = Number(result.numUpdatedRows) > 0;
    const exists = settled || (await trx.selectFrom('webhook_deliveries').select('id').where('id', '=', settlement.deliveryId).executeTakeFirst());
    if (exists) await trx.insertInto('webhook_attempts').values(attempt).execute();
    return settled;
  });
}

/** Gives claimed deliveries back without an attempt (graceful stop before they were sent). */
export async function releaseClaims(db: Kysely<Database>, ids: string[], token: string): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('webhook_deliveries').set({ locked_until: null, lock_token: null }).where('id', 'in', ids).where('lock_token', '=', token).execute();
}
