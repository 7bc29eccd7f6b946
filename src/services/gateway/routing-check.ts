import type { Config } from '../../config/schema.js';
import type { Tenant } from '../../core/domain.js';

/**
 * Why the mail doors would defer every message, in words an operator can act on — or null when mail
 * has somewhere to go. `serve` logs it once at start (docs/configuration.md, "gateway"): without a
 * tenant for the recipients, every message gets a 451 and only the log would say why.
 */
export async function mailRoutingProblem(config: Config, findTenant: (id: string) => Promise<Tenant | undefined>): Promise<string | null> {
  if (!config.smtp.enabled && !config.milter.enabled) return null;
  const configured = [...new Set([...(config.gateway.default_tenant ? [config.gateway.default_tenant] : []), ...Object.values(config.gateway.domains)])];
  const hint = 'run "phishgate init" or add "gateway: { default_tenant: <tenant id> }" to the file named by PHISHGATE_CONFIG ("phishgate tenant list" shows the ids)';
  if (configured.length === 0) {
    return `no tenant can receive mail: every message through the SMTP or milter door will be deferred (451) until gateway.default_tenant or gateway.domains is set; ${hint}`;
  }
  const missing: string[] = [];
  for (const id of configured) if (!(await findTenant(id))) missing.push(id);
  if (missing.length === 0) return null;
  const where = (id: string): string => (id === config.gateway.default_tenant ? 'gateway.default_tenant' : `gateway.domains (${Object.entries(config.gateway.domains).filter(([, t]) => t === id).map(([d]) => d).join(', ')})`);
  return `mail for ${missing.map((id) => `${where(id)} → "${id}"`).join(', ')} will be deferred (451): no such tenant in ${config.database.url.startsWith('postgres') ? 'the database' : config.database.url}; ${hint}`;
}
