import type { Kysely } from 'kysely';
import { AppError } from '../core/errors.js';
import type { Plan, PlanCode, Tenant } from '../core/domain.js';
import type { Database } from '../store/schema.js';
import { listPlans } from '../store/repositories/plans.js';
import { incrementUsage, usedInPeriod } from '../store/repositories/usage.js';
import type { ServiceContext } from './context.js';

/** Calendar month in UTC, `YYYY-MM` (docs/api.md: the quota resets on the 1st, 00:00 UTC). */
export function periodOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

export function secondsUntilNextPeriod(nowMs: number): number {
  const now = new Date(nowMs);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - nowMs) / 1000));
}

/** `limit`/`remaining` are null for a tenant without limit (docs/api.md). */
export interface QuotaState {
  used: number;
  limit: number | null;
  remaining: number | null;
}

export interface Charge {
  quota: QuotaState;
  costMicros: number;
}

export function createQuotaService({ store, clock }: ServiceContext) {
  let plans: Map<PlanCode, Plan> | undefined;
  const planOf = async (tenant: Tenant): Promise<Plan> => {
    plans ??= new Map((await listPlans(store.db)).map((p) => [p.code, p]));
    const plan = plans.get(tenant.planCode);
    if (!plan) throw new Error(`unknown plan ${tenant.planCode}`);
    return plan;
  };

  const limitOf = (tenant: Tenant, plan: Plan): number | null => tenant.quotaLimit ?? plan.includedQuota;
  /** Beyond the limit: refused for Discovery (no surplus price), enterprise caps and hard_limit tenants. */
  const refusesSurplus = (tenant: Tenant, plan: Plan): boolean => tenant.hardLimit || plan.surplusMicros === null;
  const stateOf = (used: number, limit: number | null): QuotaState => ({
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
  });
  const exceeded = (limit: number): AppError =>
    new AppError('quota_exceeded', `Monthly quota of ${limit} analyses reached; it resets on the 1st at 00:00 UTC`, {
      retryAfterSeconds: secondsUntilNextPeriod(clock.now()),
    });

  return {
    planOf,

    async state(tenant: Tenant): Promise<QuotaState> {
      const plan = await planOf(tenant);
      return stateOf(await usedInPeriod(store.db, tenant.id, periodOf(clock.now())), limitOf(tenant, plan));
    },

    /** Cheap early refusal before the engine runs; `charge` remains the authority. */
    async assertAvailable(tenant: Tenant): Promise<void> {
      const plan = await planOf(tenant);
      const limit = limitOf(tenant, plan);
      if (limit === null || !refusesSurplus(tenant, plan)) return;
      if ((await usedInPeriod(store.db, tenant.id, periodOf(clock.now()))) >= limit) throw exceeded(limit);
    },

    /** Counts one successful analysis inside the caller's transaction and prices it (docs/api.md cost_eur). */
    async charge(trx: Kysely<Database>, tenant: Tenant): Promise<Charge> {
      const plan = await planOf(tenant);
      const limit = limitOf(tenant, plan);
      const refuse = limit !== null && refusesSurplus(tenant, plan);
      const used = await incrementUsage(trx, tenant.id, periodOf(clock.now()), refuse ? limit : null);
      if (used === null) throw exceeded(limit ?? 0);
      const beyond = limit !== null && used > limit;
      return { quota: stateOf(used, limit), costMicros: beyond ? (plan.surplusMicros ?? 0) : 0 };
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;

export const microsToEur = (micros: number): number => Math.round(micros) / 1_000_000;
