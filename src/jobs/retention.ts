import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DAY_MS, toIso, type Clock } from '../core/clock.js';
import type { Store } from '../store/database.js';
import { deleteAnalysesBefore } from '../store/repositories/analyses.js';
import { deleteExpiredEntries } from '../store/repositories/list-entries.js';

/** One kind of thing the retention job removes, a batch at a time. */
export interface RetentionStep {
  name: string;
  deleteBatch(now: number, batch: number): Promise<number>;
}

export interface RetentionDeps {
  store: Store;
  clock: Clock;
  analysesDays: number;
  batchSize: number;
  /** Further steps from other parts (quarantine). */
  extraSteps?: RetentionStep[];
}

export type RetentionReport = Record<string, number>;

/**
 * Spec §8 / contract §6: analyses (with their webhook events and deliveries) older than 30 days, expired
 * list entries, and whatever other steps register. Batches with a yield between them, so a large purge
 * never holds the database for more than one small transaction at a time.
 */
export function createRetention(deps: RetentionDeps) {
  const steps: RetentionStep[] = [
    { name: 'analyses', deleteBatch: (now, batch) => deleteAnalysesBefore(deps.store.db, toIso(now - deps.analysesDays * DAY_MS), batch) },
    { name: 'list_entries', deleteBatch: (now, batch) => deleteExpiredEntries(deps.store.db, toIso(now), batch) },
    ...(deps.extraSteps ?? []),
  ];
  return {
    steps: () => steps.map((s) => s.name),
    async run(): Promise<RetentionReport> {
      const now = deps.clock.now();
      const report: RetentionReport = {};
      for (const step of steps) {
        let total = 0;
        for (;;) {
          const deleted = await step.deleteBatch(now, deps.batchSize);
          total += deleted;
          if (deleted < deps.batchSize) break;
          await yieldToEventLoop();
        }
        report[step.name] = total;
      }
      return report;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
