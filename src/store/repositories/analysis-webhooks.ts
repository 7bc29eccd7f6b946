import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface AnalysisWebhookEvent {
  eventId: string;
  type: string;
  createdAt: string;
  deliveryId: string | null;
  webhookId: string | null;
  url: string | null;
  status: string | null;
  attemptCount: number;
  lastStatusCode: number | null;
}

/** The webhook events one analysis caused, each with its deliveries (one row per event and endpoint). */
export async function webhookEventsOfAnalysis(db: Kysely<Database>, analysisId: string): Promise<AnalysisWebhookEvent[]> {
  const rows = await db
    .selectFrom('webhook_events as e')
    .leftJoin('webhook_deliveries as d', 'd.event_id', 'e.id')
    .leftJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['e.id as event_id', 'e.type', 'e.created_at', 'd.id as delivery_id', 'd.webhook_id', 'w.url', 'd.status', 'd.attempt_count', 'd.last_status_code'])
    .where('e.analysis_id', '=', analysisId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    type: r.type,
    createdAt: r.created_at,
    deliveryId: r.delivery_id,
    webhookId: r.webhook_id,
    url: r.url,
    status: r.status,
    attemptCount: Number(r.attempt_count ?? 0),
    lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
  }));
}
