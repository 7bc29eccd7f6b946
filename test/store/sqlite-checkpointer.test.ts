import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/database.js';

/**
 * The write-ahead log is checkpointed on a thread of its own under `serve` (src/store/sqlite-checkpointer.ts,
 * docs/performance.md "SQLite checkpoints"): the event loop's commits never copy the log, and the log stays small.
 */
describe('SQLite checkpoints on their own thread', () => {
  let dir: string;
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const walBytes = (file: string): number => statSync(`${file}-wal`).size;
  /** ~2 MB per call in 500 rows of 4 KB: about 500 log pages, far below the 10,000-page backstop. */
  async function writeBatch(s: Store): Promise<void> {
    await sql`insert into filler (body) select printf('%.4000c', 'x') from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) select i from n)`.execute(s.db);
  }
  async function open(file: string, background: boolean): Promise<Store> {
    const s = openStore(file, background ? { backgroundCheckpoints: { intervalMs: 60_000 } } : {});
    await sql`create table if not exists filler (id integer primary key, body text)`.execute(s.db);
    return s;
  }

  it('copies the whole log on the thread, so the next commits reuse the log from its start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ckpt-'));
    const file = join(dir, 'p.db');
    store = await open(file, true);
    expect(store.checkpointer).toBeTruthy();
    for (let round = 0; round < 10; round++) {
      await writeBatch(store);
      const result = await store.checkpointer!.checkpointNow();
      expect(result.logFrames).toBeGreaterThan(0);
      expect(result.checkpointed).toBe(result.logFrames);
    }
    // Ten batches written, but the log was restarted after every checkpoint: it holds about one batch.
    expect(walBytes(file)).toBeLessThan(4 * 2_100_000);
    expect(Number((await sql<{ n: number }>`select count(*) as n from filler`.execute(store.db)).rows[0]!.n)).toBe(5000);
  });

  it('without the thread the same writes pile up in the log (the backstop is 10,000 pages)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ckpt-'));
    const file = join(dir, 'p.db');
    store = await open(file, false);
    expect(store.checkpointer ?? null).toBeNull();
    for (let round = 0; round < 10; round++) await writeBatch(store);
    expect(walBytes(file)).toBeGreaterThan(15_000_000);
  });

  it('checkpoints by itself every interval', async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ckpt-'));
    const file = join(dir, 'p.db');
    store = openStore(file, { backgroundCheckpoints: { intervalMs: 20 } });
    await sql`create table filler (id integer primary key, body text)`.execute(store.db);
    // Once the thread has copied the log, a commit restarts it and the file stops growing: it levels off at
    // a batch or two, where without the thread it would grow to the 10,000-page backstop (about 40 MB).
    let previous = -1;
    let unchanged = 0;
    for (let i = 0; i < 250 && unchanged < 3; i++) {
      await writeBatch(store);
      await new Promise((r) => setTimeout(r, 40));
      const size = walBytes(file);
      unchanged = size === previous ? unchanged + 1 : 0;
      previous = size;
    }
    expect(unchanged).toBe(3);
    expect(previous).toBeLessThan(3 * 2_100_000);
  });

  it('stops its thread when the store closes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ckpt-'));
    const s = openStore(join(dir, 'p.db'), { backgroundCheckpoints: { intervalMs: 50 } });
    const checkpointer = s.checkpointer!;
    await checkpointer.checkpointNow();
    await s.close();
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/stopped/);
  });

  it('an in-memory database has no log and no thread', async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-ckpt-'));
    store = openStore(':memory:', { backgroundCheckpoints: { intervalMs: 50 } });
    expect(store.checkpointer).toBeNull();
  });
});

describe('which runtimes checkpoint on a thread', () => {
  it('serve (workers) does, unless database.checkpoint_interval_ms is 0; the CLI commands do not', async () => {
    const { createRuntime } = await import('../../src/main.js');
    const { loadConfig } = await import('../../src/config/loader.js');
    const pino = (await import('pino')).default;
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-ckpt-runtime-'));
    try {
      const threaded = async (options: { workers: boolean }, interval?: number): Promise<boolean> => {
        const overrides = { database: { url: join(dir, 'p.db'), ...(interval !== undefined ? { checkpoint_interval_ms: interval } : {}) }, engine: { workers: { size: 1 } } };
        const runtime = await createRuntime(loadConfig({ env: {}, overrides }), pino({ level: 'silent' }), undefined, options);
        const has = Boolean(runtime.store.checkpointer);
        await runtime.analysis.close();
        await runtime.store.close();
        return has;
      };
      expect(await threaded({ workers: true })).toBe(true);
      expect(await threaded({ workers: true }, 0)).toBe(false);
      expect(await threaded({ workers: false })).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
