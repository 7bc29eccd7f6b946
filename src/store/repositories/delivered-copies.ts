import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The reply recorded for a copy handed on at or after `since`, or null. */
export async function findDeliveredCopy(db: Kysely<Database>, copyKey: string, since: string): Promise<string | null> {
  const row = await db.selectFrom('delivered_copies').select('reply').where('copy_key', '=', copyKey).where('created_at', '>=', since).executeTakeFirst();
  return row?.reply ?? null;
}

export async function recordDeliveredCopy(db: Kysely<Database>, copyKey: string, reply: string, at: string): Promise<void> {
  await db
    .insertInto('delivered_copies')
    .values({ copy_key: copyKey, reply, created_at: at })
    .onConflict((oc) => oc.column('copy_key').doUpdateSet({ reply, created_at: at }))
    .execute();
}

export async function deleteDeliveredCopiesBefore(db: Kysely<Database>, cutoff: string, batch: number): Promise<number> {
  const victims = db.selectFrom('delivered_copies').select('copy_key').where('created_at', '<', cutoff).orderBy('created_at').limit(batch);
  const result = await db.deleteFrom('delivered_copies').where('copy_key', 'in', victims).executeTakeFirst();
  return Number(result.numDeletedRows);
}
