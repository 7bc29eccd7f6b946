import type { Kysely } from 'kysely';
import { fixedQuery } from '../fixed-query.js';
import type { Database } from '../schema.js';

// Every authenticated request reads the counter and every charged analysis writes it: compiled once.
const selectUsed = fixedQuery(['tenantId', 'period'], (db, p) =>
  db.selectFrom('usage_counters').select('used').where('tenant_id', '=', p.tenantId).where('period', '=', p.period),
);

const increment = (guarded: boolean) =>
  fixedQuery(['tenantId', 'period', 'ceiling'], (db, p) =>
    db
      .insertInto('usage_counters')
      .values({ tenant_id: p.tenantId, period: p.period, used: 1 })
      .onConflict((oc) => {
        const set = oc.columns(['tenant_id', 'period']).doUpdateSet((eb) => ({ used: eb('usage_counters.used', '+', 1) }));
        return guarded ? set.where('usage_counters.used', '<', p.ceiling) : set;
      })
      .returning('used'),
  );
const incrementUnguarded = increment(false);
const incrementGuarded = increment(true);

export async function usedInPeriod(db: Kysely<Database>, tenantId: string, period: string): Promise<number> {
  const { rows } = await selectUsed(db, { tenantId, period });
  return rows[0]?.used ?? 0;
}

/**
 * Counts one analysis atomically and returns the new count, or null when `ceiling` is reached.
 * A single upsert with a guarded update, so concurrent requests (even from several processes on
 * PostgreSQL) can never overshoot the ceiling.
 */
export async function incrementUsage(db: Kysely<Database>, tenantId: string, period: string, ceiling: number | null): Promise<number | null> {
  if (ceiling !== null && ceiling <= 0) return null;
  const { rows } = await (ceiling === null ? incrementUnguarded : incrementGuarded)(db, { tenantId, period, ceiling });
  return rows[0]?.used ?? null;
}
