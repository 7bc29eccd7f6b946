import { DAY_MS, toIso } from '../core/clock.js';
import type { Tenant } from '../core/domain.js';
import { liveActivitySince } from '../store/repositories/analyses.js';
import type { ServiceContext } from './context.js';
import { microsToEur, type QuotaService } from './quota.js';

/** docs/api.md: percent = floor(100 × used / limit), 0 when unlimited. */
export interface Usage {
  plan_code: string;
  plan_name: string;
  used: number;
  limit: number | null;
  percent: number;
  last_24h_count: number;
  last_24h_cost_eur: number;
}

export function createUsageService({ store, clock }: ServiceContext, quota: QuotaService) {
  return {
    async usage(tenant: Tenant): Promise<Usage> {
      const [plan, state, activity] = await Promise.all([
        quota.planOf(tenant),
        quota.state(tenant),
        liveActivitySince(store.db, tenant.id, toIso(clock.now() - DAY_MS)),
      ]);
      const percent = state.limit === null ? 0 : state.limit === 0 ? 100 : Math.floor((100 * state.used) / state.limit);
      return {
        plan_code: plan.code,
        plan_name: plan.name,
        used: state.used,
        limit: state.limit,
        percent,
        last_24h_count: activity.count,
        last_24h_cost_eur: microsToEur(activity.costMicros),
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
