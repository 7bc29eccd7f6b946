import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export async function usedInPeriod(db: Kysely<Database>, tenantId: string, period: string): Promise<number> {
  const row = await db
    .selectFrom('usage_counters')
    .select('used')
    .where('tenant_id', '=', tenantId)
    .where('period', '=', period)
    .executeTakeFirst();
  return row?.used ?? 0;
}

/**
 * Counts one analysis atomically and returns the new count, or null when `ceiling` is reached.
 * A single upsert with a guarded update, so concurrent requests (even from several processes on
 * PostgreSQL) can never overshoot the ceiling.
 */
export async function incrementUsage(db: Kysely<Database>, tenantId: string, period: string, ceiling: number | null): Promise<number | null> {
  if (ceiling !== null && ceiling <= 0) return null;
  const update = db
    .insertInto('usage_counters')
    .values({ tenant_id: tenantId, period, used: 1 })
    .onConflict((oc) => {
      const set = oc.columns(['tenant_id', 'period']).doUpdateSet((eb) => ({ used: eb('usage_counters.used', '+', 1) }));
      return ceiling === null ? set : set.where('usage_counters.used', '<', ceiling);
    })
    .returning('used');
  const row = await update.executeTakeFirst();
  return row?.used ?? null;
}
