import type { Kysely } from 'kysely';
import type { PlanCode, Tenant } from '../../core/domain.js';
import type { Database, TenantsTable } from '../schema.js';

export const toTenant = (row: TenantsTable): Tenant => ({
  id: row.id,
  name: row.name,
  planCode: row.plan_code as PlanCode,
  hardLimit: row.hard_limit === 1,
  quotaLimit: row.quota_limit,
  ratePerSecond: row.rate_per_second,
  rateBurst: row.rate_burst,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function insertTenant(db: Kysely<Database>, tenant: Tenant): Promise<void> {
  await db
    .insertInto('tenants')
    .values({
      id: tenant.id,
      name: tenant.name,
      plan_code: tenant.planCode,
      hard_limit: tenant.hardLimit ? 1 : 0,
      quota_limit: tenant.quotaLimit,
      rate_per_second: tenant.ratePerSecond,
      rate_burst: tenant.rateBurst,
      created_at: tenant.createdAt,
      updated_at: tenant.updatedAt,
    })
    .execute();
}

export async function findTenant(db: Kysely<Database>, id: string): Promise<Tenant | undefined> {
  const row = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toTenant(row);
}

export async function listTenants(db: Kysely<Database>): Promise<Tenant[]> {
  const rows = await db.selectFrom('tenants').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toTenant);
}

export type TenantChanges = Partial<Pick<Tenant, 'planCode' | 'hardLimit' | 'quotaLimit' | 'ratePerSecond' | 'rateBurst' | 'name'>>;

export async function updateTenant(db: Kysely<Database>, id: string, changes: TenantChanges, updatedAt: string): Promise<Tenant | undefined> {
  const values: Partial<TenantsTable> = { updated_at: updatedAt };
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.planCode !== undefined) values.plan_code = changes.planCode;
  if (changes.hardLimit !== undefined) values.hard_limit = changes.hardLimit ? 1 : 0;
  if (changes.quotaLimit !== undefined) values.quota_limit = changes.quotaLimit;
  if (changes.ratePerSecond !== undefined) values.rate_per_second = changes.ratePerSecond;
  if (changes.rateBurst !== undefined) values.rate_burst = changes.rateBurst;
  await db.updateTable('tenants').set(values).where('id', '=', id).execute();
  return findTenant(db, id);
}
