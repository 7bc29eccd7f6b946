import type { Runtime } from '../main.js';
import type { Tenant } from '../core/domain.js';
import { UsageError, type CliIo } from './io.js';

/**
 * Opens the configured store for one command and always closes it. Logs go to stderr, JSON to stdout.
 * The configuration, the logger and the runtime (store, services, engine) are imported here, when a
 * command opens the store, not when the CLI starts: `phishgate --help` and `phishgate scan` never load
 * the store or the HTTP door (docs/performance.md, "Start-up").
 */
export async function withRuntime<T>(io: CliIo, work: (runtime: Runtime) => Promise<T>, env: NodeJS.ProcessEnv = io.env): Promise<T> {
  const [{ loadConfig }, { createLogger }, { createRuntime }] = await Promise.all([import('../config/loader.js'), import('../logger.js'), import('../main.js')]);
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
