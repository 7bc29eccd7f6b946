import cron from 'node-cron';
import type { Logger } from 'pino';
import type { Store } from '../store/database.js';
import type { JobRunner } from './job-runner.js';
import { optimizeStore } from './optimize.js';
import type { Retention } from './retention.js';

export interface SchedulerDeps {
  schedules: { retention: string; optimize: string };
  runner: JobRunner;
  retention: Retention;
  store: Store;
  logger: Logger;
}

const LEASE_MS = 30 * 60 * 1000;

/**
 * node-cron wiring (docs/operations.md). A run that fails is logged; the next scheduled run simply tries again
 * (quota periods are computed from dates, so a missed run changes nothing).
 */
export function startScheduledJobs(deps: SchedulerDeps): { stop(): Promise<void> } {
  const log = deps.logger.child({ component: 'jobs' });
  const running = new Set<Promise<unknown>>();
  const job = (name: string, work: () => Promise<unknown>) => async () => {
    const run = deps.runner
      .runExclusive(name, LEASE_MS, work)
      .then((outcome) => (outcome.ran ? log.info({ job: name, result: outcome.result }, 'job finished') : log.info({ job: name, reason: outcome.reason }, 'job skipped')))
      .catch((error: unknown) => log.error({ job: name, err: error }, 'job failed; it will retry at its next run'));
    running.add(run);
    await run.finally(() => running.delete(run));
  };
  const tasks = [
    cron.schedule(deps.schedules.retention, job('retention', () => deps.retention.run()), { timezone: 'UTC', noOverlap: true, name: 'retention' }),
    cron.schedule(deps.schedules.optimize, job('optimize', () => optimizeStore(deps.store)), { timezone: 'UTC', noOverlap: true, name: 'optimize' }),
  ];
  return {
    async stop() {
      await Promise.all(tasks.map((t) => t.destroy()));
      // Let a batch in progress finish: each batch is short, and the lease is released at the end.
      await Promise.allSettled([...running]);
    },
  };
}
