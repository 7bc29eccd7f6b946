import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface SenderHistoryScope {
  tenantId: string;
  livemode: boolean;
}

export interface SenderHistoryRow {
  domain: string;
  firstSeen: string;
  lastSeen: string;
  messages: number;
  judgedSafe: number;
  released: number;
  reported: number;
}

export async function findSenderHistory(db: Kysely<Database>, scope: SenderHistoryScope, domain: string): Promise<SenderHistoryRow | null> {
  const row = await db
    .selectFrom('sender_history')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!row) return null;
  // PostgreSQL's integers may come back as strings through some drivers' settings: read as numbers.
  return { domain: row.domain, firstSeen: row.first_seen, lastSeen: row.last_seen, messages: Number(row.messages), judgedSafe: Number(row.judged_safe), released: Number(row.released), reported: Number(row.reported) };
}

/** One more recorded analysis from `domain`: an upsert, one statement on both SQLite and PostgreSQL. */
export async function countSenderMessage(db: Kysely<Database>, scope: SenderHistoryScope, domain: string, at: string, safe: boolean): Promise<void> {
  await db
    .insertInto('sender_history')
    .values({ tenant_id: scope.tenantId, livemode: scope.livemode ? 1 : 0, domain, first_seen: at, last_seen: at, messages: 1, judged_safe: safe ? 1 : 0, released: 0, reported: 0 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'livemode', 'domain']).doUpdateSet({
        messages: sql`sender_history.messages + 1`,
        judged_safe: sql`sender_history.judged_safe + ${safe ? 1 : 0}`,
        last_seen: at,
      }),
    )
    .execute();
}

/** Feedback moved the domain's record (a label given, changed or replaced); counts never go below zero. */
export async function moveSenderHistory(db: Kysely<Database>, scope: SenderHistoryScope, domain: string, delta: { released: number; reported: number }): Promise<void> {
  if (!delta.released && !delta.reported) return;
  await db
    .updateTable('sender_history')
    .set({
      released: sql`case when sender_history.released + ${delta.released} < 0 then 0 else sender_history.released + ${delta.released} end`,
      reported: sql`case when sender_history.reported + ${delta.reported} < 0 then 0 else sender_history.reported + ${delta.reported} end`,
    })
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('domain', '=', domain)
    .execute();
}

/** Domains not seen since `cutoff` (retention): a batch at a time. */
export async function deleteSenderHistoryBefore(db: Kysely<Database>, cutoff: string, limit: number): Promise<number> {
  const victims = await db.selectFrom('sender_history').select(['tenant_id', 'livemode', 'domain']).where('last_seen', '<', cutoff).orderBy('last_seen').limit(limit).execute();
  let deleted = 0;
  for (const v of victims) {
    const result = await db.deleteFrom('sender_history').where('tenant_id', '=', v.tenant_id).where('livemode', '=', v.livemode).where('domain', '=', v.domain).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
