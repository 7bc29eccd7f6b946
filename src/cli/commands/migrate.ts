import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, writeJson, type CommandHandler } from '../io.js';

const migrateCommand: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
  const [{ loadConfig }, { migrateToLatest, openStore }] = await Promise.all([import('../../config/loader.js'), import('../../store/database.js')]);
  const config = loadConfig({ env: io.env });
  const store = openStore(config.database.url, { busyTimeoutMs: config.database.busy_timeout_ms });
  try {
    const { applied } = await migrateToLatest(store);
    writeJson(io, { database: store.location, applied });
  } finally {
    await store.close();
  }
  return 0;
};

export const migrateSpec: CommandSpec = {
  name: 'migrate',
  summary: 'apply pending database migrations (serve and every command also do it)',
  options: {},
  details: ['Prints { "database", "applied": [migration names] }.'],
  run: migrateCommand,
};
