import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, writeJson, type CommandHandler } from '../io.js';
import { withRuntime } from '../runtime.js';

/** `phishgate retention run`: the retention job once, now, under the same lease `serve` uses. */
const run: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
  const outcome = await withRuntime(io, (rt) => rt.jobs.runExclusive('retention', 30 * 60 * 1000, () => rt.retention.run()));
  if (!outcome.ran) {
    io.stderr.write(`phishgate: ${outcome.reason}; try again later\n`);
    return 1;
  }
  writeJson(io, { deleted: outcome.result });
  return 0;
};

export const retentionSpecs: CommandSpec[] = [
  {
    name: 'retention run',
    summary: 'delete expired analyses, list entries and quarantined mail now (serve does it daily)',
    options: {},
    details: ['Prints { "deleted": { table: rows } }. Exit 1 when another process is running it.'],
    run,
  },
];
