/**
 * The store is ready when it can be written, not only read (docs/security.md "Faults and retries"): a
 * database that answers `select 1` but refuses writes (a read-only PostgreSQL, an SQLite file made
 * immutable) loses every analysis and quarantine the doors try to store. The probe writes a row and
 * removes it in one transaction, so nothing stays behind. SQLite in WAL mode accepts that write into
 * its log even when the database file itself cannot be written; a passive checkpoint copies the log
 * into the file, which is where an unwritable file shows.
 */
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Store } from '../store/database.js';

const PROBE = 'readiness-probe';

export async function storeWritable(store: Store): Promise<true | string> {
  try {
    await store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('job_leases').where('name', '=', PROBE).execute();
      await trx.insertInto('job_leases').values({ name: PROBE, holder: `${hostname()}:${process.pid}`, expires_at: new Date().toISOString() }).execute();
      await trx.deleteFrom('job_leases').where('name', '=', PROBE).execute();
    });
    if (store.dialect === 'sqlite') await sql`pragma wal_checkpoint(PASSIVE)`.execute(store.db);
    return true;
  } catch (error) {
    return `store is not writable: ${(error as Error).message}`.slice(0, 200);
  }
}
