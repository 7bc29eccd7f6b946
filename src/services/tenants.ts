import { notFound } from '../core/errors.js';
import { toIso } from '../core/clock.js';
import type { PlanCode, Tenant } from '../core/domain.js';
import { findTenant, insertTenant, listTenants, updateTenant, type TenantChanges } from '../store/repositories/tenants.js';

export type { TenantChanges };
import type { ServiceContext } from './context.js';

export interface NewTenant {
  name: string;
  planCode: PlanCode;
  quotaLimit?: number | null;
}

export function createTenantService({ store, clock, newId }: ServiceContext) {
  return {
    async create(input: NewTenant): Promise<Tenant> {
      const now = toIso(clock.now());
      const tenant: Tenant = {
        id: newId('tn'),
        name: input.name,
        planCode: input.planCode,
        hardLimit: false,
        quotaLimit: input.quotaLimit ?? null,
        ratePerSecond: null,
        rateBurst: null,
        createdAt: now,
        updatedAt: now,
      };
      await insertTenant(store.db, tenant);
      return tenant;
    },
    list: (): Promise<Tenant[]> => listTenants(store.db),
    async get(id: string): Promise<Tenant> {
      const tenant = await findTenant(store.db, id);
      if (!tenant) throw notFound(`tenant ${id}`);
      return tenant;
    },
    find: (id: string): Promise<Tenant | undefined> => findTenant(store.db, id),
    async update(id: string, changes: TenantChanges): Promise<Tenant> {
      const tenant = await updateTenant(store.db, id, changes, toIso(clock.now()));
      if (!tenant) throw notFound(`tenant ${id}`);
      return tenant;
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
