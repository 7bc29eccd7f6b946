import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';
import type { Metrics } from '../ops/metrics.js';
import type { Store } from '../store/database.js';
import { createLeases } from '../services/leases.js';

export type JobOutcome<T> = { ran: true; result: T } | { ran: false; reason: string };

export interface JobRunnerDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics;
}

/** Runs a named job only when this process holds its lease (never the same job twice at once, docs/architecture.md). */
export function createJobRunner(deps: JobRunnerDeps) {
  const leases = createLeases(deps.store);
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return {
    holder,
    async runExclusive<T>(name: string, leaseMs: number, work: () => Promise<T>): Promise<JobOutcome<T>> {
      const now = deps.clock.now();
      if (!(await leases.acquire(name, holder, now, now + leaseMs))) {
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
        await leases.release(name, holder).catch((error: unknown) => deps.logger.warn({ err: error, job: name }, 'could not release job lease'));
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
