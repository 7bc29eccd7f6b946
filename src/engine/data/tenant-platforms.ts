/**
 * Enterprise platforms where a host's first label is a paying customer's verified tenant, so that
 * `<brand>.force.com` or `<brand>.eu.qualtrics.com` is the brand's own help desk or survey, not a
 * look-alike (docs/brand-catalogue.md "Tenants on enterprise platforms"). Only platforms that issue such
 * names to contracted customers belong here: Salesforce (Sites, My Domain, Experience Cloud; its free
 * developer orgs carry "-dev-ed" or a "develop" label, which never equals a brand's name), ServiceNow
 * (instances are sold; developer instances are devNNNNN) and Qualtrics (brand subdomains are set up for
 * licensed organisations). Help desks and wikis with self-service free plans (Zendesk, Freshdesk,
 * Atlassian) are left out: anyone may take a brand's unclaimed name there. DocuSign's docusign.net hosts
 * are DocuSign's own data centres (na2, eu), not tenants. Free user-content hosts (site builders, form
 * builders, file hosts: domains.ts USER_CONTENT_HOSTS) are never tenants.
 */
export interface TenantPlatform {
  /** The platform's registrable domain, or the part of the host under the tenant label. */
  suffix: string;
  /** Labels allowed between the tenant label and `suffix` (data centres, product names); empty: none. */
  middles: readonly string[];
}

export const TENANT_PLATFORMS: readonly TenantPlatform[] = [
  { suffix: 'force.com', middles: ['my', 'lightning'] },
  { suffix: 'my.salesforce.com', middles: [] },
  { suffix: 'my.site.com', middles: [] },
  { suffix: 'service-now.com', middles: [] },
  { suffix: 'servicenowservices.com', middles: [] },
  // Qualtrics data centres: eu, ca1, au1, iad1, fra1, syd1, sjc1, yul1, lhr1, sin1, gov1, co1, az1.
  { suffix: 'qualtrics.com', middles: ['eu', 'ca1', 'au1', 'iad1', 'fra1', 'syd1', 'sjc1', 'yul1', 'lhr1', 'sin1', 'gov1', 'co1', 'az1'] },
];

/** The tenant label of `host` on an enterprise platform ("usps" of "usps.force.com"), or null. Linear in the host. */
export function tenantLabel(host: string): string | null {
  const h = host.toLowerCase();
  for (const { suffix, middles } of TENANT_PLATFORMS) {
    if (!h.endsWith(`.${suffix}`)) continue;
    const labels = h.slice(0, -suffix.length - 1).split('.', 4);
    // A data centre or product label may sit between the tenant and the platform; "www" is the platform's own site.
    const tenant = labels.length === 1 || (labels.length === 2 && middles.includes(labels[1]!)) ? labels[0]! : '';
    return tenant && tenant !== 'www' ? tenant : null;
  }
  return null;
}
