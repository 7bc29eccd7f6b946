import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../../src/store/database.js';
import { createGroupCommit } from '../../src/store/group-commit.js';
import type { Database } from '../../src/store/schema.js';
import { insertTenant } from '../../src/store/repositories/tenants.js';
import { incrementUsage, usedInPeriod } from '../../src/store/repositories/usage.js';
import { isUniqueViolation } from '../../src/store/transaction.js';
import { createPostgresDatabase, DIALECTS } from '../support/dialects.js';

const T0 = '2026-11-24T08:00:00.000Z';

const addTenant = (db: Kysely<Database>, id: string) =>
  insertTenant(db, { id, name: id, planCode: 'starter', hardLimit: false, quotaLimit: null, ratePerSecond: null, rateBurst: null, createdAt: T0, updatedAt: T0 });

// Transactions asked for in the same turn share one commit on SQLite; each keeps the outcome it has alone.
describe.each(DIALECTS)('group commit on %s', (dialect) => {
  let store: Store;
  let url: string;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    if (dialect === 'postgres') {
      const pg = await createPostgresDatabase();
      url = pg.url;
      store = openStore(url);
      cleanup = pg.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'phishgate-group-'));
      url = join(dir, 't.db');
      store = openStore(url);
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
    expect(commits.stats).toEqual({ commits: 1, works: 3 });
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
    expect(order).toEqual(['ten_a', 'ten_b', 'ten_a_late', 'ten_b_late']);
    expect(await tenantIds()).toEqual(['ten_a', 'ten_a_late', 'ten_b', 'ten_b_late']);
  });

  it('counts exactly when a work of the group fails: a rolled-back run leaves no count, every other work counts once', async () => {
    await addTenant(store.db, 'ten_x');
    const commits = createGroupCommit(store);
    const runs = [0, 0, 0, 0, 0];
    const outcomes = await Promise.allSettled(runs.map((_, i) => commits.run(async (trx) => {
      runs[i]!++;
      const used = await incrementUsage(trx, 'ten_x', '2026-11', null);
      await addTenant(trx, `ten_${i}`);
      if (i === 2) throw new Error('refused after counting');
      return used;
    })));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    // Each successful work saw a count of its own: the counter was neither skipped nor shared.
    const counts = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value as number] : []));
    expect([...counts].sort()).toEqual([1, 2, 3, 4]);
    expect(await usedInPeriod(store.db, 'ten_x', '2026-11')).toBe(4);
    expect(await tenantIds()).toEqual(['ten_0', 'ten_1', 'ten_3', 'ten_4', 'ten_x']);
    // PostgreSQL has no savepoints in a group: the works before the failing one ran again without it.
    expect(runs).toEqual(dialect === 'sqlite' ? [1, 1, 1, 1, 1] : [2, 2, 2, 1, 1]);
  });

  it('answers no work while its transaction is open, and each answer finds its rows visible to another connection', async () => {
    const observer = openStore(url);
    try {
      const commits = createGroupCommit(store);
      const visible = async (id: string): Promise<boolean> => (await observer.db.selectFrom('tenants').select('id').where('id', '=', id).execute()).length === 1;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let lastStarted = false;
      const answered: string[] = [];
      const seenOnAnswer: Promise<boolean>[] = [];
      const works = ['ten_a', 'ten_b', 'ten_c'].map((id, i) =>
        commits.run(async (trx) => {
          await addTenant(trx, id);
          if (i === 2) {
            lastStarted = true;
            await gate;
          }
          return id;
        }).then((id) => {
          answered.push(id);
          seenOnAnswer.push(visible(id));
        }),
      );
      while (!lastStarted) await new Promise((resolve) => setImmediate(resolve));
      // The first two works are done, the transaction carrying them is not committed: nobody is answered yet.
      expect(answered).toEqual([]);
      expect([await visible('ten_a'), await visible('ten_b')]).toEqual([false, false]);
      open();
      await Promise.all(works);
      expect(answered).toEqual(['ten_a', 'ten_b', 'ten_c']);
      expect(await Promise.all(seenOnAnswer)).toEqual([true, true, true]);
    } finally {
      await observer.close();
    }
  });

  it('runs every work again alone when the server refuses the commit (a deferred constraint), so only the offender fails', async () => {
    await sql`create table probe_children (id text primary key, parent_id text references tenants(id) deferrable initially deferred)`.execute(store.db);
    const commits = createGroupCommit(store);
    const runs = [0, 0, 0];
    const outcomes = await Promise.allSettled([
      commits.run(async (trx) => {
        runs[0]!++;
        await addTenant(trx, 'ten_a');
        await sql`insert into probe_children (id, parent_id) values ('c1', 'ten_a')`.execute(trx);
      }),
      commits.run(async (trx) => {
        runs[1]!++;
        // Checked only at COMMIT: the group's commit fails, no work did.
        await sql`insert into probe_children (id, parent_id) values ('c2', 'ten_missing')`.execute(trx);
      }),
      commits.run(async (trx) => {
        runs[2]!++;
        await addTenant(trx, 'ten_b');
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await tenantIds()).toEqual(['ten_a', 'ten_b']);
    expect((await sql<{ id: string }>`select id from probe_children`.execute(store.db)).rows).toEqual([{ id: 'c1' }]);
    expect(runs).toEqual([2, 2, 2]);
  });

  it.runIf(dialect === 'postgres')('does not run the works again when the connection is lost during COMMIT: it may have committed', async () => {
    // A constraint trigger runs at COMMIT; this one ends its own session there, as a network cut would.
    await sql`create function end_session() returns trigger language plpgsql as $$ begin perform pg_terminate_backend(pg_backend_pid()); return null; end $$`.execute(store.db);
    await sql`create table doomed (id text primary key)`.execute(store.db);
    await sql`create constraint trigger end_at_commit after insert on doomed deferrable initially deferred for each row execute function end_session()`.execute(store.db);
    const commits = createGroupCommit(store);
    const runs = [0, 0, 0];
    const outcomes = await Promise.allSettled([
      commits.run(async (trx) => {
        runs[0]!++;
        await addTenant(trx, 'ten_a');
      }),
      commits.run(async (trx) => {
        runs[1]!++;
        await sql`insert into doomed (id) values ('x')`.execute(trx);
      }),
      commits.run(async (trx) => {
        runs[2]!++;
        await addTenant(trx, 'ten_b');
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(runs).toEqual([1, 1, 1]);
    expect(await tenantIds()).toEqual([]);
  });
});
