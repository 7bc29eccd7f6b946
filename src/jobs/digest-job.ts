import cron from 'node-cron';
import type { Logger } from 'pino';
import type { Tenant } from '../core/domain.js';
import type { DigestService } from '../services/digests/service.js';
import type { JobRunner } from './job-runner.js';

/** A run sends at most a few thousand small mails; the lease outlives a slow one. */
export const DIGEST_LEASE_MS = 30 * 60 * 1000;

export interface DigestJobDeps {
  schedule: string;
  runner: JobRunner;
  digests: DigestService;
  findTenant: (id: string) => Promise<Tenant | undefined>;
  logger: Logger;
}

/** The digest job (docs/recipients.md): node-cron ticks, one process at a time under the `digests` lease. */
export function startDigestJob(deps: DigestJobDeps): { stop(): Promise<void> } {
  const log = deps.logger.child({ component: 'jobs', job: 'digests' });
  let running: Promise<unknown> | null = null;
  const task = cron.schedule(
    deps.schedule,
    async () => {
      running = deps.runner
        .runExclusive('digests', DIGEST_LEASE_MS, () => deps.digests.run(deps.findTenant))
        .then((outcome) => (outcome.ran ? log.info({ result: outcome.result }, 'job finished') : log.debug({ reason: outcome.reason }, 'job skipped')))
        .catch((error: unknown) => log.error({ err: error }, 'job failed; it will retry at its next run'));
      await running;
      running = null;
    },
    { timezone: 'UTC', noOverlap: true, name: 'digests' },
  );
  return {
    async stop() {
      await task.destroy();
      await running;
    },
  };
}
