import { loadConfig } from '../config/loader.js';
import { createLogger } from '../logger.js';
import { createRuntime, type Runtime } from '../main.js';
import type { CliIo } from './io.js';

/** Opens the configured store for one command and always closes it. Logs go to stderr, JSON to stdout. */
export async function withRuntime<T>(io: CliIo, work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig({ env: io.env });
  const logger = createLogger(io.env.PHISHGATE_LOG_LEVEL ?? 'warn', { write: (line: string) => io.stderr.write(line) } as never);
  const runtime = await createRuntime(config, logger);
  try {
    return await work(runtime);
  } finally {
    await runtime.store.close();
  }
}
