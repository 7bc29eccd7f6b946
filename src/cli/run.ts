import { ConfigError } from '../config/loader.js';
import { isAppError } from '../core/errors.js';
import { UsageError, type CliIo, type CommandHandler } from './io.js';
import { keyCommands } from './commands/key.js';
import { migrateCommand } from './commands/migrate.js';
import { serveCommand } from './commands/serve.js';
import { tenantCommands } from './commands/tenant.js';
import { retentionCommands } from './commands/retention.js';
import { migrateDataCommand } from './commands/migrate-data.js';
import { scanCommand } from './commands/scan.js';
import { trainCommand } from './commands/train.js';
import { digestCommands } from './commands/digests.js';
import { feedbackCommands } from './commands/feedback.js';

const USAGE = `usage: phishgate <command>

  serve                                   start the enabled doors (REST API, SMTP filter, milter) and jobs
  migrate                                 apply pending database migrations
  migrate-data --from sqlite:PATH --to postgres://URL   copy everything into a fresh PostgreSQL database
  tenant create --name N --plan P [--quota-limit N]
  tenant list
  tenant update ID [--plan P] [--hard-limit true|false] [--quota-limit N|none] [--rate-limit N] [--rate-burst N]
  key create --tenant ID [--scopes read,write,admin] [--mode live|test] [--name N]
  key list --tenant ID
  key revoke ID
  retention run                           delete expired analyses, list entries and quarantined mail now
  digests run                             send the quarantine digests that are due now
  scan PATH… [--tenant ID] [--jobs N] [--jsonl]   analyse .eml files, folders and mbox files offline
  train --phish DIR --ham DIR [--out FILE]        train the classifier on your own mail
  train --tenant ID [--base DIR]                  train a tenant's model on its feedback (replaces it when better)
  feedback export DIR [--tenant ID] [--max N]     write the labelled messages as a corpus (labels.jsonl + files)

Plans: discovery, starter, growth, scale, enterprise. Configuration: config/default.yaml, PHISHGATE_CONFIG, PHISHGATE_* variables.`;

const TOP: Record<string, CommandHandler> = { serve: serveCommand, migrate: migrateCommand, 'migrate-data': migrateDataCommand, scan: scanCommand, train: trainCommand };
const GROUPS: Record<string, Record<string, CommandHandler>> = { tenant: tenantCommands, key: keyCommands, retention: retentionCommands, digests: digestCommands, feedback: feedbackCommands };

function resolve(argv: string[]): { handler: CommandHandler; rest: string[] } {
  const [command, sub, ...rest] = argv;
  if (!command) throw new UsageError('missing command (try "phishgate --help")');
  const top = TOP[command];
  if (top) return { handler: top, rest: argv.slice(1) };
  const group = GROUPS[command];
  if (!group) throw new UsageError(`unknown command "${command}" (try "phishgate --help")`);
  const handler = sub ? group[sub] : undefined;
  if (!handler) throw new UsageError(`${command}: expected one of ${Object.keys(group).join(', ')}${sub ? `, got "${sub}"` : ''}`);
  return { handler, rest };
}

/** Runs one command; returns the exit code (0 ok, 1 runtime failure, 2 bad usage — contract §2). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const { handler, rest } = resolve(argv);
    return await handler(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`phishgate: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof ConfigError || isAppError(error) ? error.message : `${(error as Error).message ?? error}`;
    io.stderr.write(`phishgate: ${message}\n`);
    return 1;
  }
}
