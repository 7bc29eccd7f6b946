import type { Runtime } from '../main.js';
import type { Component } from '../ops/component.js';
import { startDigestJob } from './digest-job.js';

/** The digest job as `serve` runs it (docs/recipients.md); refuses to start without a link secret. */
export function startDigestComponent(runtime: Runtime): Component {
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
