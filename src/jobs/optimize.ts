import { sql } from 'kysely';
import type { Store } from '../store/database.js';

/**
 * Weekly store upkeep (docs/operations.md). SQLite: fold the WAL back into the database file and refresh the
 * planner's statistics; a full VACUUM would lock the database for as long as it takes, so it is left to
 * the admin (README). PostgreSQL: autovacuum does the work; ANALYZE refreshes statistics.
 */
export async function optimizeStore(store: Store): Promise<{ dialect: string; steps: string[] }> {
  if (store.dialect === 'sqlite') {
    await sql`PRAGMA optimize`.execute(store.db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
    return { dialect: 'sqlite', steps: ['optimize', 'wal_checkpoint(TRUNCATE)'] };
  }
  await sql`ANALYZE`.execute(store.db);
  return { dialect: 'postgres', steps: ['analyze'] };
}
