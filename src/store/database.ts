import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.js';
import { migrationProvider } from './migrations/index.js';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Human-readable location without credentials, for logs. */
  location: string;
  close(): Promise<void>;
  /** SQLite with `backgroundCheckpoints`: the thread that checkpoints the log (null otherwise). */
  checkpointer?: Checkpointer | null;
}

export interface StoreOptions {
  busyTimeoutMs?: number;
  poolMax?: number;
  statementTimeoutMs?: number;
  /**
   * SQLite file: checkpoint the write-ahead log every `intervalMs` on a thread of its own instead of in the
   * commit that crosses `wal_autocheckpoint` (src/store/sqlite-checkpointer.ts). `serve` asks for it.
   */
  backgroundCheckpoints?: { intervalMs: number; onError?: (message: string) => void };
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/** Strips the password from a connection URL before it reaches a log line. */
export function redactUrl(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable url)';
  }
}

/**
 * Kysely's SQLite driver prepares every statement anew, and preparing costs more than running most of our
 * queries (profiled: 8 % of an analyze request). Statements are reusable, and the driver runs one query at
 * a time on its connection, so a cache keyed by SQL text is safe.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  } as SqliteDatabase;
}

/** Log pages between two checkpoints (SQLite's default is 1,000). */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

function openSqlite(path: string, options: StoreOptions): Store {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  // WAL + NORMAL is durable across process crashes; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  // The commit that crosses this many log pages copies the log into the database file and syncs both, on
  // the event loop: tens of milliseconds whatever the size, so fewer, larger checkpoints cost less per
  // commit (docs/performance.md, "The REST API's own costs"). At most about 40 MB of log (4 KiB pages).
  // With `backgroundCheckpoints` the log is copied on another thread long before this; it stays as a backstop.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const checkpoints = options.backgroundCheckpoints;
  const checkpointer =
    checkpoints && path !== ':memory:'
      ? startCheckpointer({ path, intervalMs: checkpoints.intervalMs, busyTimeoutMs: options.busyTimeoutMs ?? 5000, ...(checkpoints.onError ? { onError: checkpoints.onError } : {}) })
      : null;
  const close = async (): Promise<void> => {
    await checkpointer?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', location: path, close, checkpointer };
}

/** int8 (counts, bigint columns) as JS numbers: our values stay far below 2^53. */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function openPostgres(url: string, options: StoreOptions): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // Fail fast when the server is unreachable: requests get a 500 and /readyz reports it, instead of hanging.
    connectionTimeoutMillis: 5000,
    types: pgTypes,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // A client losing its connection emits 'error'. pg-pool listens only while the client idles; while it is
  // checked out for a query nobody does, and the unhandled event would crash the whole process (every
  // door with it). The queries on that client already fail with the error, and the pool discards the
  // broken client when it is released, so the events themselves need no further handling.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', location: redactUrl(url), close: () => db.destroy() };
}

export function openStore(url: string, options: StoreOptions = {}): Store {
  return isPostgresUrl(url) ? openPostgres(url, options) : openSqlite(url, options);
}

export interface MigrationOutcome {
  applied: string[];
}

export async function migrateToLatest(store: Store): Promise<MigrationOutcome> {
  // Unordered: migrations developed side by side (webhooks 002, quarantine 003, leases 004) landed in a
  // different order than their names; none depends on another, so a database may receive them in any order.
  const migrator = new Migrator({ db: store.db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
