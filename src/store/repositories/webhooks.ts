import type { Kysely } from 'kysely';
import type { Webhook, WebhookEventType } from '../../core/webhook.js';
import type { Database, WebhooksTable } from '../schema.js';
import { fixedQuery } from '../fixed-query.js';

/** Webhooks are per tenant and per namespace (live/test), like lists (docs/api.md). */
export interface WebhookScope {
  tenantId: string;
  livemode: boolean;
}

const toWebhook = (row: Pick<WebhooksTable, 'id' | 'url' | 'events' | 'created_at'>): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events.split(',') as WebhookEventType[],
  createdAt: row.created_at,
});

const scoped = (db: Kysely<Database>, scope: WebhookScope) =>
  db.selectFrom('webhooks').where('tenant_id', '=', scope.tenantId).where('livemode', '=', scope.livemode ? 1 : 0);

/** The public columns only: the secret leaves the table solely through `subscribersOf`/the worker's claim. */
const PUBLIC = ['id', 'url', 'events', 'created_at'] as const;

export async function insertWebhook(db: Kysely<Database>, scope: WebhookScope, webhook: Webhook, secret: string): Promise<void> {
  await db
    .insertInto('webhooks')
    .values({
      id: webhook.id,
      tenant_id: scope.tenantId,
      livemode: scope.livemode ? 1 : 0,
      url: webhook.url,
      events: webhook.events.join(','),
      secret,
      created_at: webhook.createdAt,
    })
    .execute();
}

export async function countWebhooks(db: Kysely<Database>, scope: WebhookScope): Promise<number> {
  const row = await scoped(db, scope).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findWebhook(db: Kysely<Database>, scope: WebhookScope, id: string): Promise<Webhook | undefined> {
  const row = await scoped(db, scope).select(PUBLIC).where('id', '=', id).executeTakeFirst();
  return row && toWebhook(row);
}

export async function listWebhooks(db: Kysely<Database>, scope: WebhookScope, page: { limit: number; offset: number }): Promise<{ webhooks: Webhook[]; total: number }> {
  const [rows, total] = await Promise.all([
    scoped(db, scope).select(PUBLIC).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    countWebhooks(db, scope),
  ]);
  return { webhooks: rows.map(toWebhook), total };
}

/** Deleting an endpoint deletes its deliveries and attempts with it (ON DELETE CASCADE). */
export async function deleteWebhook(db: Kysely<Database>, scope: WebhookScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('id', '=', id)
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Runs in every analysis' transaction: compiled once (store/fixed-query.ts).
const selectSubscribers = fixedQuery(['tenantId', 'livemode'], (db, p) =>
  db.selectFrom('webhooks').select(['id', 'events']).where('tenant_id', '=', p.tenantId).where('livemode', '=', p.livemode),
);

/** Endpoints that must receive an analysis' events; read inside the analysis transaction (outbox). */
export async function subscribersOf(db: Kysely<Database>, scope: WebhookScope): Promise<Array<{ id: string; events: WebhookEventType[] }>> {
  const { rows } = await selectSubscribers(db, { tenantId: scope.tenantId, livemode: scope.livemode ? 1 : 0 });
  return rows.map((row) => ({ id: row.id, events: row.events.split(',') as WebhookEventType[] }));
}
