/** Reading deliveries and their attempts for the API, and handing a failed one back to the worker. */
import type { Kysely } from 'kysely';
import type { Delivery, DeliveryAttempt, DeliveryStatus, WebhookEventType } from '../../core/webhook.js';
import type { Database, WebhookAttemptsTable } from '../schema.js';

type AttemptRow = Pick<WebhookAttemptsTable, 'attempt' | 'started_at' | 'duration_ms' | 'succeeded' | 'status_code' | 'error' | 'response_excerpt'>;

const toAttempt = (row: AttemptRow): DeliveryAttempt => ({
  attempt: Number(row.attempt),
  startedAt: row.started_at,
  durationMs: Number(row.duration_ms),
  succeeded: Number(row.succeeded) === 1,
  statusCode: row.status_code === null ? null : Number(row.status_code),
  error: row.error,
  responseExcerpt: row.response_excerpt,
});

const deliveriesOf = (db: Kysely<Database>, webhookId: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .where('d.webhook_id', '=', webhookId)
    .select([
      'd.id',
      'd.webhook_id',
      'd.event_id',
      'e.type',
      'e.analysis_id',
      'd.status',
      'd.attempt_count',
      'd.next_attempt_at',
      'd.created_at',
      'd.completed_at',
    ]);

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveriesOf>['executeTakeFirstOrThrow']>>;

async function withAttempts(db: Kysely<Database>, rows: DeliveryRow[]): Promise<Delivery[]> {
  if (!rows.length) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('attempt')
    .orderBy('started_at')
    .execute();
  const byDelivery = new Map<string, DeliveryAttempt[]>();
  for (const attempt of attempts) byDelivery.set(attempt.delivery_id, [...(byDelivery.get(attempt.delivery_id) ?? []), toAttempt(attempt)]);
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.type as WebhookEventType,
    analysisId: row.analysis_id,
    status: row.status as DeliveryStatus,
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    attempts: byDelivery.get(row.id) ?? [],
  }));
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  limit: number;
  offset: number;
}

/** Newest first. The caller has already checked that the endpoint belongs to the principal. */
export async function listDeliveries(db: Kysely<Database>, webhookId: string, filter: DeliveryFilter): Promise<{ deliveries: Delivery[]; total: number }> {
  let rows = deliveriesOf(db, webhookId);
  let count = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
  if (filter.status) {
    rows = rows.where('d.status', '=', filter.status);
    count = count.where('status', '=', filter.status);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { deliveries: await withAttempts(db, page), total: Number(total.total) };
}

export async function findDelivery(db: Kysely<Database>, webhookId: string, id: string): Promise<Delivery | undefined> {
  const row = await deliveriesOf(db, webhookId).where('d.id', '=', id).executeTakeFirst();
  return row && (await withAttempts(db, [row]))[0];
}

/**
 * A failed delivery becomes due now for exactly one more attempt (`retryStep` past any schedule): a
 * redelivery by hand is one try, and a failure puts it back to `failed`. Returns false unless it was failed.
 */
export async function requeueFailed(db: Kysely<Database>, webhookId: string, id: string, now: string, retryStep: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, retry_step: retryStep, completed_at: null, updated_at: now })
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
