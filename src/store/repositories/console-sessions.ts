import type { Kysely } from 'kysely';
import type { ConsoleSessionsTable, Database } from '../schema.js';

export interface ConsoleSessionRow {
  id: string;
  keyId: string;
  operator: boolean;
  viewTenantId: string;
  viewLivemode: boolean;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

const toSession = (row: ConsoleSessionsTable): ConsoleSessionRow => ({
  id: row.id,
  keyId: row.key_id,
  operator: row.operator === 1,
  viewTenantId: row.view_tenant_id,
  viewLivemode: row.view_livemode === 1,
  csrfToken: row.csrf_token,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
});

export async function insertConsoleSession(db: Kysely<Database>, s: ConsoleSessionRow): Promise<void> {
  await db
    .insertInto('console_sessions')
    .values({
      id: s.id,
      key_id: s.keyId,
      operator: s.operator ? 1 : 0,
      view_tenant_id: s.viewTenantId,
      view_livemode: s.viewLivemode ? 1 : 0,
      csrf_token: s.csrfToken,
      created_at: s.createdAt,
      last_seen_at: s.lastSeenAt,
      expires_at: s.expiresAt,
    })
    .execute();
}

export async function findConsoleSession(db: Kysely<Database>, id: string): Promise<ConsoleSessionRow | undefined> {
  const row = await db.selectFrom('console_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSession(row) : undefined;
}

export async function touchConsoleSession(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('console_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function setConsoleSessionView(db: Kysely<Database>, id: string, tenantId: string, livemode: boolean): Promise<void> {
  await db.updateTable('console_sessions').set({ view_tenant_id: tenantId, view_livemode: livemode ? 1 : 0 }).where('id', '=', id).execute();
}

export async function deleteConsoleSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('id', '=', id).execute();
}

/** Sessions past their absolute expiry or idle since `idleBefore`; returns how many went. */
export async function deleteStaleConsoleSessions(db: Kysely<Database>, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('console_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
