/**
 * Group commit (docs/performance.md, "The REST API's own costs"). Every analysis is stored in a transaction
 * of its own; the transactions that ask to run within the same turn of the event loop run one after the
 * other inside one transaction instead, and are answered after its one commit. An answer still means that
 * its transaction is committed.
 *
 * SQLite: each commit writes every page the transaction touched to the log (the row, three index pages,
 * the usage counter: about eight frames, 17 writes) and takes and drops the log's locks; in a group, pages
 * the works share are written once. PostgreSQL: each statement is a round trip over the socket, and the
 * socket writes were the largest single cost of the main thread (profiled: a sixth of it, ~0.9 ms per
 * analysis); a group saves every work its BEGIN and COMMIT. How the works of a group are kept apart
 * differs (group-commit-strategies.ts).
 *
 * Each work keeps the outcome it would have had alone: a work that throws gets its error and the others
 * commit. A work may therefore run more than once (its first run rolled back with its group): works must
 * keep no effect outside the transaction but what they return.
 */
import type { Store } from './database.js';
import { alone, togetherOptimistic, togetherWithSavepoints, type GroupStats, type Pending, type TransactionWork } from './group-commit-strategies.js';

export type { TransactionWork };

export interface GroupCommit {
  /** Runs `work` in a transaction and resolves once it is committed (rejects when it threw or could not commit). */
  run<T>(work: TransactionWork<T>): Promise<T>;
  /** Transactions committed so far and works they carried (tests, docs/performance.md). */
  readonly stats: GroupStats;
}

/** Works per transaction at most, so one group never holds the event loop (or the counter's row lock) for long. */
export const MAX_GROUP = 64;

export function createGroupCommit(store: Store): GroupCommit {
  const stats: GroupStats = { commits: 0, works: 0 };
  const together = store.dialect === 'sqlite' ? togetherWithSavepoints : togetherOptimistic;
  let pending: Pending[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    try {
      // Works that ask while a group runs form the next group: one group at a time, so on PostgreSQL too
      // the groups never wait for each other's row locks (every analysis of a tenant updates its counter).
      while (pending.length > 0) {
        const group = pending.slice(0, MAX_GROUP);
        pending = pending.slice(group.length);
        await (group.length === 1 ? alone(store, stats, group[0]!) : together(store, stats, group));
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
