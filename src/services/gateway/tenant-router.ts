import { domainOf } from '../../core/message.js';

export interface RoutedRecipients {
  /** Tenant id → its recipients, in envelope order. */
  byTenant: Map<string, string[]>;
  /** Recipients no mapping and no default tenant covers. */
  unrouted: string[];
}

/**
 * docs/gateway.md: `gateway.domains` maps recipient domains to tenants; the most specific entry wins, so
 * `sales.acme.test` may belong to another tenant than `acme.test`; everything else goes to the default.
 */
export function routeRecipients(rcptTo: string[], domains: Record<string, string>, defaultTenant: string | null): RoutedRecipients {
  const table = new Map(Object.entries(domains).map(([domain, tenant]) => [domain.toLowerCase().replace(/\.$/, ''), tenant]));
  const byTenant = new Map<string, string[]>();
  const unrouted: string[] = [];
  for (const rcpt of rcptTo) {
    let tenant: string | undefined;
    for (let domain = domainOf(rcpt); domain && !tenant; domain = domain.slice(domain.indexOf('.') + 1)) {
      tenant = table.get(domain);
      if (!domain.includes('.')) break;
    }
    tenant ??= defaultTenant ?? undefined;
    if (tenant) byTenant.set(tenant, [...(byTenant.get(tenant) ?? []), rcpt]);
    else unrouted.push(rcpt);
  }
  return { byTenant, unrouted };
}
