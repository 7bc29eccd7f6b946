import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { toIso, type Clock } from '../core/clock.js';
import type { Metrics } from '../ops/metrics.js';
import type { Store } from '../store/database.js';
import { acquireLease, releaseLease } from '../store/repositories/leases.js';

export type JobOutcome<T> = { ran: true; result: T } | { ran: false; reason: string };

export interface JobRunnerDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics;
}

/** Runs a named job only when this process holds its lease (issue 7: never the same job twice at once). */
export function createJobRunner(deps: JobRunnerDeps) {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return {
    holder,
    async runExclusive<T>(name: string, leaseMs: number, work: () => Promise<T>): Promise<JobOutcome<T>> {
      const now = deps.clock.now();
      if (!(await acquireLease(deps.store.db, name, holder, toIso(now), toIso(now + leaseMs)))) {
        deps.metrics?.jobRuns.inc({ job: name, outcome: 'skipped' });
        return { ran: false, reason: `another process holds the ${name} lease` };
      }
      try {
        const result = await work();
        deps.metrics?.jobRuns.inc({ job: name, outcome: 'success' });
        return { ran: true, result };
      } catch (error) {
        deps.metrics?.jobRuns.inc({ job: name, outcome: 'failure' });
        throw error;
      } finally {
        await releaseLease(deps.store.db, name, holder).catch((error: unknown) => deps.logger.warn({ err: error, job: name }, 'could not release job lease'));
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
