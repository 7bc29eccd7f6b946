import { TRACKER_DOMAINS } from './data/domains.js';
import { providerTenant } from './data/provider-tenants.js';
import type { MessageFacts } from './facts.js';
import { sameOrganisation } from './organisation.js';
import { orgLabel } from './organisation-name.js';
import { words } from './text/words.js';
import { categoryOf } from './lexicon/index.js';
import { SCAM_STORY_CATEGORIES } from './lexicon/types.js';

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

export function corroboratingFact(facts: Pick<MessageFacts, 'sender' | 'urls' | 'brands' | 'phrases'>): string | null {
  const sender = facts.sender;
  if (!sender.address) return null;
  if (sender.freemail) return `it comes from the free-mail address ${sender.address}`;
  const tenant = providerTenant(sender.domain);
  if (tenant?.tenant && DEFAULT_TENANT_PROVIDERS.has(tenant.provider)) {
    return `it comes from ${sender.domain}, a ${tenant.provider} tenant's default domain, not a company's own`;
  }
  // Links that go somewhere known (not an email service provider's opaque click-tracker), none of them to the
  // sender's own organisation: the sender does not send the reader to itself. A newsletter platform that sends
  // in its own name (<writer@substack.com>) links home when it links to itself: its click-tracker is then the
  // sender's own site.
  const own = (domain: string): boolean => sameOrganisation(domain, sender.registrable);
  const known = facts.urls.filter((u) => u.info?.domain && CLICKED.has(u.kind) && (!TRACKER_DOMAINS.has(u.info.domain) || own(u.info.domain)));
  const linksHome = known.some((u) => own(u.info!.domain));
  if (sender.registrable && known.length > 0 && !linksHome) {
    return `none of its links goes to the sender's own site ${sender.registrable}`;
  }
  // Who it is sent as corroborates a scam offer's story only: a made-up name tells it. A payment or sign-in
  // notice sent in a customer's name by the platform that runs its billing ("Maple Court Apartments"
  // <noreply@rentportal-mail…>) is routine. A catalogued brand's or service's own domain, or a mailing
  // service's, sends in its customers' names by design: "Joe's Plumbing" <quickbooks@notification.intuit.com>.
  // And only when no link leads to the sender's own site: a newsletter named apart from its domain ("Morning
  // Brief" <newsletter@dailymarkets-news…>) links home, to its archive or its unsubscribe page, and may well
  // write about passive income or debt relief.
  const tellsScam = facts.phrases.some((p) => SCAM_STORY_CATEGORIES.includes(categoryOf(p.tag)));
  const platform = TRACKER_DOMAINS.has(sender.registrable) || tenant !== null || facts.brands.ownerOf(sender.domain) !== null;
  const shown = tellsScam && !linksHome && !platform ? nameNotCarried(sender.displayName, sender.address, sender.registrable) : null;
  if (shown) return `it is sent as "${shown}" from ${sender.registrable}, whose address carries no word of that name`;
  return null;
}

/** Words of a display name that say what a sender does, not who it is. */
const ROLE_WORDS: ReadonlySet<string> = new Set(['team', 'support', 'service', 'services', 'security', 'customer', 'customers', 'care', 'help', 'desk', 'notification', 'notifications', 'notice', 'alert', 'alerts', 'account', 'accounts', 'admin', 'administrator', 'info', 'mail', 'email', 'center', 'centre', 'official', 'the', 'and', 'from', 'via', 'department', 'noreply', 'reply', 'billing', 'news', 'newsletter', 'update', 'updates', 'online']);

/**
 * The display name, when none of its name words (three letters or more, role words aside) is in the sender's
 * address — neither in the local part nor in the domain's name — and the local part is not in the name:
 * "Scroll" <noreply@src.io>, "Patricia Vance" <p.vance@…> carries "vance". Null otherwise.
 */
function nameNotCarried(displayName: string, address: string, registrable: string): string | null {
  if (!registrable) return null;
  const shown = displayName.trim().slice(0, 100);
  const names = words(shown, 12).filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w) && !ROLE_WORDS.has(w));
  if (names.length === 0) return null;
  const local = (address.split('@')[0] ?? '').toLowerCase();
  const label = orgLabel(registrable);
  const carried = (w: string) => local.includes(w) || label.includes(w);
  if (names.some(carried)) return null;
  const localLetters = local.replace(/[^\p{L}]/gu, '');
  if (localLetters.length >= 3 && names.join('').includes(localLetters)) return null;
  return shown;
}
