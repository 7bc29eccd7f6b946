import { loadConfig } from '../config/loader.js';
import { createLogger } from '../logger.js';
import { createRuntime, type Runtime } from '../main.js';
import type { Tenant } from '../core/domain.js';
import { UsageError, type CliIo } from './io.js';

/** Opens the configured store for one command and always closes it. Logs go to stderr, JSON to stdout. */
export async function withRuntime<T>(io: CliIo, work: (runtime: Runtime) => Promise<T>, env: NodeJS.ProcessEnv = io.env): Promise<T> {
  const config = loadConfig({ env });
  const logger = createLogger(env.PHISHGATE_LOG_LEVEL ?? 'warn', { write: (line: string) => io.stderr.write(line) } as never);
  const runtime = await createRuntime(config, logger);
  try {
    return await work(runtime);
  } finally {
    await runtime.store.close();
  }
}

/** A `--tenant` that names no tenant is bad usage (exit 2), named as such, not a silent no-op. */
export async function tenantOrUsageError(runtime: Runtime, id: string): Promise<Tenant> {
  const tenant = await runtime.services.tenants.find(id);
  if (!tenant) throw new UsageError(`--tenant: no tenant with id "${id}" (phishgate tenant list shows them)`);
  return tenant;
}
