import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { Services } from '../services/index.js';
import type { JobRunner } from './job-runner.js';
import type { Component } from '../ops/component.js';
import { startDigestJob } from './digest-job.js';

/** The digest job as `serve` runs it (docs/recipients.md); refuses to start without a link secret. */
export interface DigestComponentDeps {
  config: Config;
  services: Services;
  logger: Logger;
  jobs: JobRunner;
  /** Keys of one-click links and of phishgate's own mail, current first. */
  linkSecrets: string[];
}

export function startDigestComponent(runtime: DigestComponentDeps): Component {
  if (!runtime.linkSecrets.length) {
    throw new Error('digests.enabled is true but PHISHGATE_LINK_SECRET is not set: digests are signed with it (docs/recipients.md)');
  }
  const job = startDigestJob({
    schedule: runtime.config.digests.schedule,
    runner: runtime.jobs,
    digests: runtime.services.digests,
    findTenant: runtime.services.tenants.find,
    logger: runtime.logger,
  });
  return { name: 'digests', close: () => job.stop() };
}
