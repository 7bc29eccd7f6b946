import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openStore } from '../../src/store/database.js';
import { TABLES_IN_ORDER } from '../../src/store/tables.js';

describe('TABLES_IN_ORDER', () => {
  it('lists exactly the tables the migrations create, so migrate-data copies everything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-tables-'));
    const store = openStore(join(dir, 't.db'));
    try {
      await migrateToLatest(store);
      const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(store.db);
      expect(TABLES_IN_ORDER.map((t) => t.name).sort()).toEqual(rows.map((r) => r.name).sort());
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
