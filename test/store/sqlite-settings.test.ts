import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, WAL_AUTOCHECKPOINT_PAGES, type Store } from '../../src/store/database.js';

/** The SQLite connection settings docs/performance.md and docs/operations.md describe. */
describe('SQLite connection settings', () => {
  let dir: string;
  let store: Store;
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('write-ahead log, synchronous NORMAL, and a checkpoint every 10,000 log pages', async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-sqlite-'));
    store = openStore(join(dir, 'p.db'));
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(store.db)).rows[0] as Record<string, unknown>)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(WAL_AUTOCHECKPOINT_PAGES).toBe(10_000);
    expect(await pragma('wal_autocheckpoint')).toBe(WAL_AUTOCHECKPOINT_PAGES);
  });
});
