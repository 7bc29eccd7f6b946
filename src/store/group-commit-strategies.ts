/**
 * How the works of one group commit (group-commit.ts) share a transaction and still keep the outcome each
 * would have had alone.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Store } from './database.js';
import type { Database } from './schema.js';
import { inTransaction, isRetryableConflict } from './transaction.js';

export type TransactionWork<T> = (trx: Kysely<Database>) => Promise<T>;

export interface Pending {
  work: TransactionWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Transactions committed, and the works they stored (a work rolled back to its savepoint is not counted). */
export interface GroupStats {
  commits: number;
  works: number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Alone, exactly as without grouping (with `inTransaction`'s retries). */
export const alone = (store: Store, stats: GroupStats, item: Pending): Promise<void> =>
  inTransaction(store, item.work).then(
    (value) => {
      stats.commits++;
      stats.works++;
      item.resolve(value);
    },
    item.reject,
  );

const SAVEPOINT = CompiledQuery.raw('savepoint group_member');
const RELEASE = CompiledQuery.raw('release group_member');
const ROLLBACK_TO = CompiledQuery.raw('rollback to group_member');

/**
 * SQLite: each work in a savepoint of its own (a savepoint is a call into the library, not a round trip).
 * A work that throws is rolled back to its savepoint and gets its error. When the transaction as a whole
 * fails (a conflict with another process that a fresh attempt resolves, or the commit itself, which on a
 * local file either happened or did not), nothing of it was stored and every work runs again alone.
 */
export async function togetherWithSavepoints(store: Store, stats: GroupStats, group: Pending[]): Promise<void> {
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
    for (const item of group) await alone(store, stats, item);
    return;
  }
  stats.commits++;
  stats.works += outcomes.filter((o) => o.ok).length;
  group.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  });
}

/**
 * The commit was refused by the server, so certainly nothing of the group is stored: a conflict (40001,
 * 40P01) or a deferred constraint (class 23). Any other failure of COMMIT, a lost connection above all,
 * leaves its outcome unknown.
 */
const commitRefused = (error: unknown): boolean => isRetryableConflict(error) || /^23/.test(String((error as { code?: unknown })?.code ?? ''));

/**
 * PostgreSQL: no savepoints. Each would cost two more round trips per work (SAVEPOINT, RELEASE), more
 * than the group saves, and past 64 subtransactions in one transaction PostgreSQL's per-backend cache of
 * them overflows, which slows the snapshots of every session on the server. Instead the works run
 * optimistically, one after the other; when one throws (a failed statement aborts the whole transaction
 * there anyway), the group is rolled back, the works other than it run again as a group of their own, and
 * then it runs alone, where it meets its error (or succeeds, when the failure was a conflict a fresh
 * attempt resolves) exactly as it would have without grouping. Each failing work costs one group's
 * statements again: failures are rare (a quota refusal, a retry key another request claimed first).
 *
 * When COMMIT itself fails: refused by the server (commitRefused), every work runs again alone; otherwise
 * (a lost connection) nobody knows whether it committed, and running the works again could store them
 * twice: every work gets the error, as a transaction of its own would have.
 */
export async function togetherOptimistic(store: Store, stats: GroupStats, group: Pending[]): Promise<void> {
  const values: unknown[] = [];
  let failed = -1;
  try {
    await store.db.transaction().execute(async (trx) => {
      for (failed = 0; failed < group.length; failed++) values.push(await group[failed]!.work(trx));
    });
  } catch (error) {
    if (failed < 0) {
      // BEGIN failed (no connection, say): nothing ran; each work meets that alone.
      for (const item of group) await alone(store, stats, item);
    } else if (failed < group.length) {
      const rest = group.filter((_, i) => i !== failed);
      await (rest.length === 1 ? alone(store, stats, rest[0]!) : togetherOptimistic(store, stats, rest));
      await alone(store, stats, group[failed]!);
    } else if (commitRefused(error)) {
      for (const item of group) await alone(store, stats, item);
    } else {
      for (const item of group) item.reject(error);
    }
    return;
  }
  stats.commits++;
  stats.works += group.length;
  group.forEach((item, i) => item.resolve(values[i]));
}
