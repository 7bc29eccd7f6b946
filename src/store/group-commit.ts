/**
 * Group commit on SQLite (docs/performance.md, "The REST API's own costs"). Every analysis is stored in a
 * transaction of its own; on SQLite each commit writes every page the transaction touched to the log (the
 * row, three index pages, the usage counter: about eight frames, 17 writes) and takes and drops the log's
 * locks. The transactions that ask to run within the same turn of the event loop run one after the other
 * inside one transaction instead, each in a savepoint of its own, and are answered after the one commit:
 * pages they share are written once. An answer still means that its transaction is committed.
 *
 * Each work keeps the outcome it would have had alone: a work that throws is rolled back to its savepoint
 * and gets its error, the others commit. When the transaction as a whole fails (a conflict with another
 * process that a fresh attempt resolves, or the commit itself), nothing of it was stored and every work
 * runs again alone through `inTransaction`, with its retries, as it would have run without grouping.
 * PostgreSQL has one connection per transaction and commits concurrently: there every work simply runs in
 * `inTransaction`.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Store } from './database.js';
import type { Database } from './schema.js';
import { inTransaction, isRetryableConflict } from './transaction.js';

export type TransactionWork<T> = (trx: Kysely<Database>) => Promise<T>;

export interface GroupCommit {
  /** Runs `work` in a transaction and resolves once it is committed (rejects when it threw or could not commit). */
  run<T>(work: TransactionWork<T>): Promise<T>;
  /** Transactions committed so far and works they carried (tests, docs/performance.md). */
  readonly stats: { commits: number; works: number };
}

interface Pending {
  work: TransactionWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const SAVEPOINT = CompiledQuery.raw('savepoint group_member');
const RELEASE = CompiledQuery.raw('release group_member');
const ROLLBACK_TO = CompiledQuery.raw('rollback to group_member');

/** Works per transaction at most, so one group never holds the event loop for long. */
export const MAX_GROUP = 64;

export function createGroupCommit(store: Store): GroupCommit {
  const stats = { commits: 0, works: 0 };
  if (store.dialect !== 'sqlite') {
    return {
      stats,
      run: async (work) => {
        const value = await inTransaction(store, work);
        stats.commits++;
        stats.works++;
        return value;
      },
    };
  }

  let pending: Pending[] = [];
  let scheduled = false;

  /** Alone, exactly as without grouping. */
  const alone = (item: Pending): Promise<void> =>
    inTransaction(store, item.work).then(
      (value) => {
        stats.commits++;
        stats.works++;
        item.resolve(value);
      },
      item.reject,
    );

  async function together(group: Pending[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await store.db.transaction().execute(async (trx) => {
        for (const item of group) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await item.work(trx);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // A conflict another attempt resolves: the whole group again, each work alone (with its retries).
            if (isRetryableConflict(error)) throw error;
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch {
      // Nothing of the group was stored.
      for (const item of group) await alone(item);
      return;
    }
    stats.commits++;
    stats.works += group.length;
    group.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  async function flush(): Promise<void> {
    try {
      // Works that ask while a group runs form the next group.
      while (pending.length > 0) {
        const group = pending.slice(0, MAX_GROUP);
        pending = pending.slice(group.length);
        await (group.length === 1 ? alone(group[0]!) : together(group));
      }
    } finally {
      scheduled = false;
    }
  }

  return {
    stats,
    run<T>(work: TransactionWork<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ work: work as TransactionWork<unknown>, resolve: resolve as (value: unknown) => void, reject });
        if (scheduled) return;
        scheduled = true;
        // Everything that asks within this turn of the event loop (answers of several workers, say) joins.
        setImmediate(() => void flush());
      });
    },
  };
}
