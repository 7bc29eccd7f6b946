import { TRACKER_DOMAINS } from './data/domains.js';
import { providerTenant } from './data/provider-tenants.js';
import type { MessageFacts } from './facts.js';
import { sameOrganisation } from './organisation.js';

/**
 * Facts of the message itself that corroborate one accusing finding (docs/detection.md "Two independent
 * facts before an accusation"). None of them is evidence alone — plenty of genuine mail comes from free
 * mail — but beside a claim, an ask or a mechanism they are the second, independent fact: who sends, not
 * what the words say.
 */

/** Microsoft 365's default tenant domains: mail from them is a tenant that never set up its own domain. */
const DEFAULT_TENANT_PROVIDERS: ReadonlySet<string> = new Set(['Microsoft']);

/** Links a reader follows (not images, frames or refreshes the client loads). */
const CLICKED: ReadonlySet<string> = new Set(['a', 'area', 'form', 'text']);

export function corroboratingFact(facts: Pick<MessageFacts, 'sender' | 'urls'>): string | null {
  const sender = facts.sender;
  if (!sender.address) return null;
  if (sender.freemail) return `it comes from the free-mail address ${sender.address}`;
  const tenant = providerTenant(sender.domain);
  if (tenant?.tenant && DEFAULT_TENANT_PROVIDERS.has(tenant.provider)) {
    return `it comes from ${sender.domain}, a ${tenant.provider} tenant's default domain, not a company's own`;
  }
  // Links that go somewhere known (not an email service provider's opaque click-tracker), none of them to the
  // sender's own organisation: the sender does not send the reader to itself.
  const known = facts.urls.filter((u) => u.info?.domain && CLICKED.has(u.kind) && !TRACKER_DOMAINS.has(u.info.domain));
  if (sender.registrable && known.length > 0 && !known.some((u) => sameOrganisation(u.info!.domain, sender.registrable))) {
    return `none of its links goes to the sender's own site ${sender.registrable}`;
  }
  return null;
}
