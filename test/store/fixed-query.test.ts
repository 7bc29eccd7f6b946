import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';
import { fixedQuery } from '../../src/store/fixed-query.js';
import { incrementUsage, usedInPeriod } from '../../src/store/repositories/usage.js';
import { listActiveEntriesOfBothLists } from '../../src/store/repositories/list-entries.js';
import { insertTenant } from '../../src/store/repositories/tenants.js';
import { createPostgresDatabase, DIALECTS } from '../support/dialects.js';

const T0 = '2026-11-24T08:00:00.000Z';

// Compiled once, run with new values: each run must see its own values, in and out of transactions.
describe.each(DIALECTS)('fixed queries on %s', (dialect) => {
  let store: Store;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    if (dialect === 'postgres') {
      const pg = await createPostgresDatabase();
      store = openStore(pg.url);
      cleanup = pg.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'phishgate-fixed-'));
      store = openStore(join(dir, 't.db'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(store);
    for (const id of ['ten_a', 'ten_b']) {
      await insertTenant(store.db, { id, name: id, planCode: 'starter', hardLimit: false, quotaLimit: null, ratePerSecond: null, rateBurst: null, createdAt: T0, updatedAt: T0 });
    }
  });
  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  it('runs with the values of each call, keeps the constants the builder added, and works inside a transaction', async () => {
    const insert = fixedQuery(['tenant', 'period'], (db, p) => db.insertInto('usage_counters').values({ tenant_id: p.tenant, period: p.period, used: 7 }));
    await insert(store.db, { tenant: 'ten_a', period: '2026-11' });
    await store.db.transaction().execute((trx) => insert(trx, { tenant: 'ten_b', period: '2026-12' }));
    expect(await usedInPeriod(store.db, 'ten_a', '2026-11')).toBe(7);
    expect(await usedInPeriod(store.db, 'ten_b', '2026-12')).toBe(7);
    expect(await usedInPeriod(store.db, 'ten_a', '2026-12')).toBe(0);
  });

  it('refuses a builder that writes a parameter into the SQL text instead of passing it', async () => {
    const inlined = fixedQuery(['tenant'], (db, p) => db.selectFrom('usage_counters').select('used').where('tenant_id', '=', sql.lit(p.tenant)));
    await expect(inlined(store.db, { tenant: 'ten_a' })).rejects.toThrow(/inlined a parameter/);
  });

  it('counts usage with and without a ceiling, and stops at the ceiling', async () => {
    expect(await incrementUsage(store.db, 'ten_a', '2026-11', null)).toBe(1);
    expect(await incrementUsage(store.db, 'ten_a', '2026-11', 3)).toBe(2);
    expect(await incrementUsage(store.db, 'ten_a', '2026-11', 3)).toBe(3);
    expect(await incrementUsage(store.db, 'ten_a', '2026-11', 3)).toBeNull();
    expect(await incrementUsage(store.db, 'ten_a', '2026-11', null)).toBe(4);
  });

  it('finds list entries for any number of recipients, the compiled counts and beyond them', async () => {
    const entry = (id: string, recipient: string) => ({ id, tenant_id: 'ten_a', livemode: 1, list: 'block', type: 'domain', value: `${id}.example`, recipient, note: null, created_at: T0, expires_at: null });
    const recipients = Array.from({ length: 12 }, (_, i) => `user${i}@acme.test`);
    await store.db.insertInto('list_entries').values([entry('le_all', ''), ...recipients.map((r, i) => entry(`le_${i}`, r))]).execute();
    for (const count of [0, 1, 2, 8, 9, 12]) {
      const { block } = await listActiveEntriesOfBothLists(store.db, { tenantId: 'ten_a', livemode: true }, T0, recipients.slice(0, count));
      expect(block.map((e) => e.id).sort()).toEqual(['le_all', ...recipients.slice(0, count).map((_, i) => `le_${i}`)].sort());
    }
  });
});
