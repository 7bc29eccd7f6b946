import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Clock } from '../core/clock.js';
import type { RetentionStep } from '../services/retention.js';

export interface RetentionDeps {
  clock: Clock;
  batchSize: number;
  /** What to remove, in order (services/retention.ts builds them from the configured periods). */
  steps: RetentionStep[];
}

export type RetentionReport = Record<string, number>;

/**
 * Runs the retention steps in batches with a yield between them, so a large purge never holds the database for
 * more than one small transaction at a time.
 */
export function createRetention(deps: RetentionDeps) {
  const { steps } = deps;
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
