import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, writeJson, type CommandHandler } from '../io.js';
import { withRuntime } from '../runtime.js';

/** `phishgate digests run`: sends the quarantine digests that are due now, under the lease `serve` uses. */
const run: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
  const { DIGEST_LEASE_MS } = await import('../../jobs/digest-job.js');
  const outcome = await withRuntime(io, (rt) => rt.jobs.runExclusive('digests', DIGEST_LEASE_MS, () => rt.services.digests.run(rt.services.tenants.find)));
  if (!outcome.ran) {
    io.stderr.write(`phishgate: ${outcome.reason}; try again later\n`);
    return 1;
  }
  writeJson(io, outcome.result);
  return outcome.result.failed ? 1 : 0;
};

export const digestSpecs: CommandSpec[] = [
  {
    name: 'digests run',
    summary: 'send the quarantine digests that are due now (serve does it on schedule)',
    options: {},
    details: ['Prints what was sent; exit 1 when a digest failed or another process is sending them.'],
    run,
  },
];
