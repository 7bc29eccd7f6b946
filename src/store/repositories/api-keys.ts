import type { Kysely } from 'kysely';
import type { ApiKey, KeyMode, Scope } from '../../core/domain.js';
import type { ApiKeysTable, Database } from '../schema.js';

const toApiKey = (row: ApiKeysTable): ApiKey => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  mode: row.mode as KeyMode,
  scopes: row.scopes.split(',').filter(Boolean) as Scope[],
  prefix: row.key_prefix,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
});

export async function insertApiKey(db: Kysely<Database>, key: ApiKey, keyHash: string): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      tenant_id: key.tenantId,
      name: key.name,
      mode: key.mode,
      scopes: key.scopes.join(','),
      key_hash: keyHash,
      key_prefix: key.prefix,
      created_at: key.createdAt,
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
}

/** The row whose hash matches, with the stored hash so the caller can compare in constant time. */
export async function findApiKeyByHash(db: Kysely<Database>, keyHash: string): Promise<{ key: ApiKey; keyHash: string } | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  return row && { key: toApiKey(row), keyHash: row.key_hash };
}

export async function findApiKey(db: Kysely<Database>, id: string): Promise<ApiKey | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toApiKey(row);
}

export async function listApiKeys(db: Kysely<Database>, tenantId: string, mode?: KeyMode): Promise<ApiKey[]> {
  let query = db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenantId);
  if (mode) query = query.where('mode', '=', mode);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(toApiKey);
}

export async function revokeApiKey(db: Kysely<Database>, id: string, revokedAt: string): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function touchApiKey(db: Kysely<Database>, id: string, usedAt: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: usedAt }).where('id', '=', id).execute();
}
