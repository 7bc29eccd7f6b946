import type { Kysely } from 'kysely';
import type { ConsoleAuditTable, Database } from '../schema.js';

export interface AuditEntry {
  id: string;
  tenantId: string;
  livemode: boolean;
  actorKeyId: string;
  actorName: string;
  operator: boolean;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, string>;
  createdAt: string;
  /** Where the action was taken: console, api or cli. */
  via: string;
}

export interface AuditScope {
  tenantId: string;
  livemode: boolean;
}

export interface AuditFilter {
  action?: string;
  targetId?: string;
  via?: string;
  limit: number;
  offset: number;
}

const toEntry = (row: ConsoleAuditTable): AuditEntry => ({
  id: row.id,
  tenantId: row.tenant_id,
  livemode: row.livemode === 1,
  actorKeyId: row.actor_key_id,
  actorName: row.actor_name,
  operator: row.operator === 1,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  detail: JSON.parse(row.detail) as Record<string, string>,
  createdAt: row.created_at,
  via: row.via,
});

export async function insertAuditEntry(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('console_audit')
    .values({
      id: e.id,
      tenant_id: e.tenantId,
      livemode: e.livemode ? 1 : 0,
      actor_key_id: e.actorKeyId,
      actor_name: e.actorName,
      operator: e.operator ? 1 : 0,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      detail: JSON.stringify(e.detail),
      created_at: e.createdAt,
      via: e.via,
    })
    .execute();
}

export async function listAuditEntries(db: Kysely<Database>, scope: AuditScope, filter: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }> {
  let base = db.selectFrom('console_audit').where('tenant_id', '=', scope.tenantId).where('livemode', '=', scope.livemode ? 1 : 0);
  if (filter.action) base = base.where('action', '=', filter.action);
  if (filter.targetId) base = base.where('target_id', '=', filter.targetId);
  if (filter.via) base = base.where('via', '=', filter.via);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toEntry), total: Number(count.total) };
}
