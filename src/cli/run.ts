import { ConfigError } from '../config/config-error.js';
import { isAppError } from '../core/errors.js';
import { VERSION } from '../version.js';
import { commandHelp, overviewHelp, type CommandSpec } from './command-spec.js';
import { UsageError, type CliIo } from './io.js';
import { initSpec } from './commands/init.js';
import { keySpecs } from './commands/key.js';
import { migrateSpec } from './commands/migrate.js';
import { serveSpec } from './commands/serve.js';
import { tenantSpecs } from './commands/tenant.js';
import { retentionSpecs } from './commands/retention.js';
import { migrateDataSpec } from './commands/migrate-data.js';
import { scanSpec } from './commands/scan.js';
import { trainSpec } from './commands/train.js';
import { digestSpecs } from './commands/digests.js';
import { feedbackSpecs } from './commands/feedback.js';
import { reputationSpecs } from './commands/reputation.js';

/** Every command, in the order `phishgate --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  initSpec,
  serveSpec,
  ...tenantSpecs,
  ...keySpecs,
  scanSpec,
  trainSpec,
  ...retentionSpecs,
  ...digestSpecs,
  ...feedbackSpecs,
  ...reputationSpecs,
  migrateSpec,
  migrateDataSpec,
];

const GROUPS = [...new Set(COMMANDS.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]!))];

/** The command named by the first one or two words, and the arguments after them. */
function resolveCommand(words: string[]): { spec: CommandSpec; rest: string[] } {
  const [first, second] = words;
  if (!first) throw new UsageError('missing command (try "phishgate --help")');
  const single = COMMANDS.find((c) => c.name === first);
  if (single) return { spec: single, rest: words.slice(1) };
  if (!GROUPS.includes(first)) throw new UsageError(`unknown command "${first}" (try "phishgate --help")`);
  const pair = second === undefined ? undefined : COMMANDS.find((c) => c.name === `${first} ${second}`);
  const choices = COMMANDS.filter((c) => c.name.startsWith(`${first} `)).map((c) => c.name.split(' ')[1]);
  if (!pair) throw new UsageError(`${first}: expected one of ${choices.join(', ')}${second !== undefined && !second.startsWith('-') ? `, got "${second}"` : ''}`);
  return { spec: pair, rest: words.slice(2) };
}

/** `--config FILE` / `--config=FILE` anywhere before `--`: the same as PHISHGATE_CONFIG for this run. */
function takeConfigOption(argv: string[]): { argv: string[]; config?: string } {
  const out: string[] = [];
  let config: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (arg === '--config' || arg.startsWith('--config=')) {
      const value = arg === '--config' ? argv[++i] : arg.slice('--config='.length);
      if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError('--config needs a value (FILE)');
      if (config !== undefined) throw new UsageError('--config given twice');
      config = value;
      continue;
    }
    out.push(arg);
  }
  return config === undefined ? { argv: out } : { argv: out, config };
}

const wantsHelp = (argv: string[]): boolean => {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
};

/** Runs one command; returns the exit code (0 ok, 1 runtime failure, 2 bad usage — docs/cli.md). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let spec: CommandSpec | undefined;
  try {
    if (argv[0] === '--version' || argv[0] === '-V' || argv[0] === 'version') {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      if (argv.length === 1) {
        io.stdout.write(overviewHelp(COMMANDS));
        return 0;
      }
      io.stdout.write(commandHelp(resolveCommand(argv.slice(1).filter((a) => a !== '--help' && a !== '-h')).spec));
      return 0;
    }
    const { argv: rest, config } = takeConfigOption(argv);
    const resolved = resolveCommand(rest);
    spec = resolved.spec;
    if (wantsHelp(resolved.rest)) {
      io.stdout.write(commandHelp(spec));
      return 0;
    }
    const env = config === undefined ? io.env : { ...io.env, PHISHGATE_CONFIG: config };
    return await spec.run(resolved.rest, { ...io, env });
  } catch (error) {
    if (error instanceof UsageError) {
      const help = spec ? `phishgate ${spec.name} --help` : 'phishgate --help';
      io.stderr.write(`phishgate${spec ? ` ${spec.name}` : ''}: ${error.message} (see "${help}")\n`);
      return 2;
    }
    const message = error instanceof ConfigError || isAppError(error) ? error.message : `${(error as Error).message ?? error}`;
    io.stderr.write(`phishgate: ${message}\n`);
    return 1;
  }
}
