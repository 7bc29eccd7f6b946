import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/database.js';
import { CuttableProxy } from '../support/cuttable-proxy.js';
import { createPostgresDatabase } from '../support/dialects.js';

describe.skipIf(!process.env.PHISHGATE_TEST_PG_URL)('PostgreSQL connection lost during a query (needs PHISHGATE_TEST_PG_URL)', () => {
  let pg: { url: string; drop: () => Promise<void> };
  let store: Store;
  let proxy: CuttableProxy;
  let port: number;
  const uncaught: unknown[] = [];
  const record = (error: unknown): void => {
    uncaught.push(error);
  };

  beforeEach(async () => {
    pg = await createPostgresDatabase();
    const target = new URL(pg.url);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const via = new URL(pg.url);
    port = await proxy.listen();
    via.port = String(port);
    store = openStore(via.toString());
    process.on('uncaughtException', record);
  });
  afterEach(async () => {
    process.off('uncaughtException', record);
    await store.close();
    await pg.drop();
  });

  it('fails that query, keeps the process alive, and works again once the database is back', async () => {
    await sql`select 1`.execute(store.db);
    // A query in flight on a checked-out client when the link dies.
    const slow = sql`select pg_sleep(2)`.execute(store.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.cut();
    await expect(slow).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);

    await proxy.listen(port);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db);
    expect(rows[0]!.one).toBe(1);
    await proxy.cut();
  });
});
