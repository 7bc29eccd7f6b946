import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Takes or renews the named lease for `holder` until `expiresAt`. One upsert guarded by "free or mine",
 * atomic on SQLite and PostgreSQL alike, so two processes can never both win.
 */
export async function acquireLease(db: Kysely<Database>, name: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
