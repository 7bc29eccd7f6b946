/**
 * Registrable domains under which a provider gives each customer a tenant name of its own: Microsoft 365's
 * contoso.onmicrosoft.com, a Salesforce org's acme.force.com or acme.my.site.com. The provider's own
 * infrastructure, never a look-alike of the provider: the name that counts is the tenant's, the label in
 * front of the suffix (docs/detection.md "Provider tenant domains"). A tenant is anyone's who signs up, so
 * it is not the provider's own mail either: the provider's catalogue entry does not list these.
 * Value: the provider's catalogue name.
 */
import { SuffixMap } from '../../core/suffix-map.js';

export const PROVIDER_TENANT_SUFFIXES: ReadonlyMap<string, string> = new Map([
  ['onmicrosoft.com', 'Microsoft'],
  ['onmicrosoft.de', 'Microsoft'],
  ['partner.onmschina.cn', 'Microsoft'],
  ['force.com', 'Salesforce'],
  ['my.site.com', 'Salesforce'],
]);

const SUFFIXES = new SuffixMap(PROVIDER_TENANT_SUFFIXES);

/**
 * The tenant a host names under a provider's tenant suffix: "contoso" for mail.contoso.onmicrosoft.com,
 * '' for the provider's own host (onmicrosoft.com itself), null when the host is under no such suffix.
 * Linear in the host.
 */
export function providerTenant(host: string): { tenant: string; provider: string; suffix: string } | null {
  const h = host.toLowerCase();
  const provider = SUFFIXES.longest(h);
  if (provider === undefined) return null;
  let longest = '';
  for (const suffix of PROVIDER_TENANT_SUFFIXES.keys()) {
    if ((h === suffix || h.endsWith(`.${suffix}`)) && suffix.length > longest.length) longest = suffix;
  }
  if (h === longest) return { tenant: '', provider, suffix: longest };
  const rest = h.slice(0, h.length - longest.length - 1);
  return { tenant: rest.slice(rest.lastIndexOf('.') + 1), provider, suffix: longest };
}
