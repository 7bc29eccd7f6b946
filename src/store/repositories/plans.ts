import type { Kysely } from 'kysely';
import type { Plan, PlanCode } from '../../core/domain.js';
import type { Database, PlansTable } from '../schema.js';

const toPlan = (row: PlansTable): Plan => ({
  code: row.code as PlanCode,
  name: row.name,
  monthlyPriceEur: row.monthly_price_eur,
  includedQuota: row.included_quota,
  surplusMicros: row.surplus_micros,
});

export async function listPlans(db: Kysely<Database>): Promise<Plan[]> {
  const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
  return rows.map(toPlan);
}
