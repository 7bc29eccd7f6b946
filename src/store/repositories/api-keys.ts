import type { Kysely } from 'kysely';
import type { ApiKey, KeyMode, Scope, Tenant } from '../../core/domain.js';
import { toTenant } from './tenants.js';
import { fixedQuery } from '../fixed-query.js';
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

/**
 * The key whose hash matches, with its tenant (one query on every authenticated request) and the stored
 * hash, so the caller can compare in constant time.
 */
// Every authenticated request runs it: compiled once (store/fixed-query.ts).
const selectKeyWithTenant = fixedQuery(['keyHash'], (db, p) =>
  db
    .selectFrom('api_keys')
    .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
    .selectAll('api_keys')
    .select([
      'tenants.name as t_name',
      'tenants.plan_code as t_plan_code',
      'tenants.hard_limit as t_hard_limit',
      'tenants.quota_limit as t_quota_limit',
      'tenants.rate_per_second as t_rate_per_second',
      'tenants.rate_burst as t_rate_burst',
      'tenants.created_at as t_created_at',
      'tenants.updated_at as t_updated_at',
    ])
    .where('api_keys.key_hash', '=', p.keyHash),
);

export async function findApiKeyWithTenant(db: Kysely<Database>, keyHash: string): Promise<{ key: ApiKey; keyHash: string; tenant: Tenant } | undefined> {
  const row = (await selectKeyWithTenant(db, { keyHash })).rows[0];
  if (!row) return undefined;
  const tenant = toTenant({
    id: row.tenant_id,
    name: row.t_name,
    plan_code: row.t_plan_code,
    hard_limit: row.t_hard_limit,
    quota_limit: row.t_quota_limit,
    rate_per_second: row.t_rate_per_second,
    rate_burst: row.t_rate_burst,
    created_at: row.t_created_at,
    updated_at: row.t_updated_at,
  });
  return { key: toApiKey(row), keyHash: row.key_hash, tenant };
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
