import { sql } from 'kysely';
import type { Store } from './database.js';
import { TABLES_IN_ORDER } from './tables.js';

export interface CopyReport {
  tables: Record<string, number>;
}

/** Tables that migrations fill themselves; they are replaced, not refused, in the destination. */
const SEEDED = new Set(['plans']);

async function countRows(store: Store, table: string): Promise<number> {
  const row = await store.db
    .selectFrom(table as never)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: number }).n);
}

/**
 * Copies every row from one migrated store to another (docs/operations.md: moving from SQLite to PostgreSQL).
 * Refuses a destination that already holds data. Rows go in keyset-ordered batches, each batch in its
 * own transaction, parents before children; counts are compared at the end.
 */
export async function copyData(from: Store, to: Store, batchSize = 1000, onProgress?: (table: string, copied: number) => void): Promise<CopyReport> {
  for (const { name } of TABLES_IN_ORDER) {
    if (!SEEDED.has(name) && (await countRows(to, name)) > 0) throw new Error(`destination table ${name} is not empty; migrate-data needs a fresh database`);
  }
  const report: CopyReport = { tables: {} };
  for (const { name, orderBy } of TABLES_IN_ORDER) {
    if (SEEDED.has(name)) await to.db.deleteFrom(name as never).execute();
    let copied = 0;
    for (let offset = 0; ; offset += batchSize) {
      let query = from.db.selectFrom(name as never).selectAll();
      for (const column of orderBy) query = query.orderBy(column as never);
      const rows = (await query.limit(batchSize).offset(offset).execute()) as Record<string, unknown>[];
      if (rows.length === 0) break;
      await to.db.transaction().execute((trx) => trx.insertInto(name as never).values(rows as never).execute());
      copied += rows.length;
      onProgress?.(name, copied);
      if (rows.length < batchSize) break;
    }
    const [source, destination] = await Promise.all([countRows(from, name), countRows(to, name)]);
    if (source !== destination) throw new Error(`table ${name}: copied ${destination} rows but the source has ${source}`);
    report.tables[name] = copied;
  }
  return report;
}
