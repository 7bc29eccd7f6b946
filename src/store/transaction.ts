import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Store } from './database.js';
import type { Database } from './schema.js';

/** PostgreSQL serialization failure / deadlock, SQLite busy: the transaction can simply run again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '40001' || code === '40P01' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/** A unique or primary-key constraint refused the write (both dialects). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs `work` in a transaction, retrying a few times with a short random backoff when the database
 * reports a conflict that a fresh attempt resolves (docs/operations.md: "retries on serialization failures").
 */
export async function inTransaction<T>(store: Store, work: (trx: Kysely<Database>) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await sleep(5 * attempt + Math.random() * 20);
    }
  }
}
