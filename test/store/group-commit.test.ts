import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';
import { createGroupCommit } from '../../src/store/group-commit.js';
import type { Database } from '../../src/store/schema.js';
import { insertTenant } from '../../src/store/repositories/tenants.js';
import { isUniqueViolation } from '../../src/store/transaction.js';
import { createPostgresDatabase, DIALECTS } from '../support/dialects.js';

const T0 = '2026-11-24T08:00:00.000Z';

const addTenant = (db: Kysely<Database>, id: string) =>
  insertTenant(db, { id, name: id, planCode: 'starter', hardLimit: false, quotaLimit: null, ratePerSecond: null, rateBurst: null, createdAt: T0, updatedAt: T0 });

// Transactions asked for in the same turn share one commit on SQLite; each keeps the outcome it has alone.
describe.each(DIALECTS)('group commit on %s', (dialect) => {
  let store: Store;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    if (dialect === 'postgres') {
      const pg = await createPostgresDatabase();
      store = openStore(pg.url);
      cleanup = pg.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'phishgate-group-'));
      store = openStore(join(dir, 't.db'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(store);
  });
  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  const tenantIds = async (): Promise<string[]> => (await store.db.selectFrom('tenants').select('id').orderBy('id').execute()).map((r) => r.id);

  it('answers each work with its own value once everything is stored; on SQLite one commit carries them all', async () => {
    const commits = createGroupCommit(store);
    const values = await Promise.all(['ten_a', 'ten_b', 'ten_c'].map((id) => commits.run(async (trx) => {
      await addTenant(trx, id);
      return `stored ${id}`;
    })));
    expect(values).toEqual(['stored ten_a', 'stored ten_b', 'stored ten_c']);
    expect(await tenantIds()).toEqual(['ten_a', 'ten_b', 'ten_c']);
    expect(commits.stats).toEqual(dialect === 'sqlite' ? { commits: 1, works: 3 } : { commits: 3, works: 3 });
  });

  it('rolls back only the work that throws: its writes are gone, it gets its error, the others commit', async () => {
    const commits = createGroupCommit(store);
    const outcomes = await Promise.allSettled([
      commits.run((trx) => addTenant(trx, 'ten_a')),
      commits.run(async (trx) => {
        await addTenant(trx, 'ten_b');
        throw new Error('refused after writing');
      }),
      // The same primary key twice: the constraint error callers test for (a retry key claimed by another analysis).
      commits.run(async (trx) => {
        await addTenant(trx, 'ten_c');
        await addTenant(trx, 'ten_a');
      }),
      commits.run((trx) => addTenant(trx, 'ten_d')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused after writing'));
    expect(isUniqueViolation((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(await tenantIds()).toEqual(['ten_a', 'ten_d']);
  });

  it('runs every work of a group again alone when the group meets a conflict a fresh attempt resolves, storing each once', async () => {
    const commits = createGroupCommit(store);
    let attempts = 0;
    const values = await Promise.all([
      commits.run(async (trx) => {
        await addTenant(trx, 'ten_a');
        return 'a';
      }),
      commits.run(async (trx) => {
        await addTenant(trx, 'ten_b');
        // SQLite's "database is locked" by another process, once.
        if (attempts++ === 0) throw Object.assign(new Error('database is locked'), { code: dialect === 'sqlite' ? 'SQLITE_BUSY' : '40001' });
        return 'b';
      }),
      commits.run(async (trx) => {
        await addTenant(trx, 'ten_c');
        return 'c';
      }),
    ]);
    expect(values).toEqual(['a', 'b', 'c']);
    expect(await tenantIds()).toEqual(['ten_a', 'ten_b', 'ten_c']);
  });

  it('keeps transactions asked for while a group runs for the next group, in the order they were asked', async () => {
    const commits = createGroupCommit(store);
    const order: string[] = [];
    const late: Promise<unknown>[] = [];
    await Promise.all(['ten_a', 'ten_b'].map((id) => commits.run(async (trx) => {
      await addTenant(trx, id);
      order.push(id);
      late.push(commits.run(async (inner) => {
        await addTenant(inner, `${id}_late`);
        order.push(`${id}_late`);
      }));
    })));
    await Promise.all(late);
    // PostgreSQL runs them concurrently, each in its own transaction: only SQLite has an order to keep.
    if (dialect === 'sqlite') expect(order).toEqual(['ten_a', 'ten_b', 'ten_a_late', 'ten_b_late']);
    expect(await tenantIds()).toEqual(['ten_a', 'ten_a_late', 'ten_b', 'ten_b_late']);
  });
});
