import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openStore } from '../../src/store/database.js';
import { listingPage } from '../../src/store/repositories/analyses.js';

/**
 * A page of GET /v1/analyses at any offset reads one index and nothing else (docs/performance.md): no
 * table row per skipped analysis and no temporary tree to sort ties by id.
 */
describe('the history listing on SQLite', () => {
  it('pages through the covering index alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-plan-'));
    const store = openStore(join(dir, 't.db'));
    try {
      await migrateToLatest(store);
      const query = listingPage(store.db, { tenantId: 'ten_a', livemode: true, visibleSince: '2026-11-01T00:00:00.000Z' }, { limit: 50, offset: 100_000 }).compile();
      const { rows } = await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      expect(rows.map((r) => r.detail)).toEqual([expect.stringMatching(/^SEARCH analyses USING COVERING INDEX analyses_listing /)]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
