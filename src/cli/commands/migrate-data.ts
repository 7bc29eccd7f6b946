import type { Store } from '../../store/database.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, UsageError, writeJson, type CommandHandler } from '../io.js';

/** `sqlite:path`, a plain path, or a postgres:// URL. */
function storeUrl(flag: string, raw: string | undefined): string {
  if (!raw) throw new UsageError(`--${flag} is required (sqlite:PATH or postgres://…)`);
  if (raw.startsWith('sqlite:')) return raw.slice('sqlite:'.length);
  return raw;
}

/** `phishgate migrate-data --from sqlite:./data/phishgate.db --to postgres://…` (docs/operations.md). */
const options = {
  from: { type: 'string', value: 'URL', required: true, description: 'source: sqlite:PATH, a plain path, or postgres://…' },
  to: { type: 'string', value: 'URL', required: true, description: 'destination: a fresh database (postgres://… or sqlite:PATH)' },
  'batch-size': { type: 'string', value: 'N', description: 'rows copied per statement (default 1000)' },
} as const;

const migrateDataCommand: CommandHandler = async (argv, io) => {
  const { values } = parseCommandArgs(argv, options);
  const [{ createLogger }, { copyData }, { isPostgresUrl, migrateToLatest, openStore, redactUrl }] = await Promise.all([import('../../logger.js'), import('../../store/copy-data.js'), import('../../store/database.js')]);
  const from = storeUrl('from', values.from);
  const to = storeUrl('to', values.to);
  if (from === to) throw new UsageError('--from and --to name the same database');
  if (!isPostgresUrl(from) && !isPostgresUrl(to)) throw new UsageError('one side must be PostgreSQL (postgres://…)');
  const batch = values['batch-size'] === undefined ? 1000 : Number(values['batch-size']);
  if (!Number.isInteger(batch) || batch < 1) throw new UsageError(`--batch-size must be a positive integer, got "${values['batch-size']}"`);
  const logger = createLogger(io.env.PHISHGATE_LOG_LEVEL ?? 'info', { write: (line: string) => io.stderr.write(line) } as never);

  const source: Store = openStore(from);
  const destination: Store = openStore(to);
  try {
    // Both sides at the same schema version first, so every column lines up.
    await migrateToLatest(source);
    await migrateToLatest(destination);
    const report = await copyData(source, destination, batch, (table, copied) => logger.debug({ table, copied }, 'copying'));
    writeJson(io, { from: redactUrl(from), to: redactUrl(to), copied: report.tables });
    return 0;
  } finally {
    await source.close();
    await destination.close();
  }
};

export const migrateDataSpec: CommandSpec = {
  name: 'migrate-data',
  summary: 'copy every table from one database into a fresh one (SQLite → PostgreSQL to scale out)',
  options,
  details: ['One side must be PostgreSQL. Prints { "from", "to", "copied": { table: rows } } with passwords removed from the URLs.'],
  examples: ['phishgate migrate-data --from sqlite:./data/phishgate.db --to postgres://phishgate@db.example/phishgate'],
  run: migrateDataCommand,
};
