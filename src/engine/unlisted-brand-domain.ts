/**
 * Ownership proved by the mail itself (docs/detection.md "Is the sender that identity?", "An unlisted
 * domain of the brand"). The catalogue can never list every domain a brand mails from: its national
 * domains (ikea.co.nz), its marketing and newsletter domains (email-decathlon.com, zalando-shop.de,
 * sephoraofficiel.fr). A catalogue gap must not turn such mail into phishing. When the sender's registrable
 * domain carries the claimed brand's name, alone or with marketing words (never with a lure's service words:
 * paypal-secure, paypal-login stay look-alikes), the mail proves it owns that domain (its links stay there or
 * with its email service provider, or a DKIM signature of that domain verifies, aligned with From), and it
 * asks for nothing risky and tells no story about the reader's account or a prize, the mail is "an unlisted
 * domain of <brand>": neutral, neither impersonation nor proof for the brand.
 */
import type { Brand } from './data/brand-types.js';
import type { MessageFacts } from './facts.js';
import type { LinkSummary } from './judgement-types.js';
import { SUSPICIOUS_TLDS } from './data/domains.js';
import { underNationalOrGenericSuffix } from './brand-index.js';
import { categoryOf } from './lexicon/index.js';
import { STORY_CATEGORIES } from './lexicon/types.js';
import { sameOrganisation } from './organisation.js';

/**
 * Words brands put around their name in their own marketing and service domains. Not the lure words of
 * brand-index.ts (support, secure, login, verify, account …): those are what combosquatting adds.
 */
const MARKETING_WORDS: ReadonlySet<string> = new Set([
  'shop', 'shopping', 'store', 'stores', 'official', 'officiel', 'offiziell', 'oficial', 'ufficiale', 'email', 'emails', 'e', 'news',
  'newsletter', 'club', 'outlet', 'boutique', 'magasin', 'group', 'groupe', 'gruppe', 'grupo', 'gruppo', 'community', 'world', 'stories', 'magazine',
]);


/**
 * Sectors whose brands phishers imitate most and whose own mail comes from catalogued domains: for them only
 * the name itself counts (a national domain), never the name with marketing words (chase-email.com,
 * paypal-shop.com would be a lure's first step as easily); a gap there is filled in the catalogue.
 */
const NAME_ONLY_SECTORS: ReadonlySet<string> = new Set(['bank', 'payment', 'crypto', 'government']);

/**
 * Does the registrable domain carry `brand`'s name: the name itself under a national suffix of the markets
 * served or .com/.net/.org (ikea.co.nz), or the name with marketing words, hyphenated or glued
 * (zalando-shop.de, sephoraofficiel.fr)?
 */
export function carriesBrandName(registrable: string, brand: Brand, named: (label: string) => Brand | null): boolean {
  const lower = (registrable.split('.')[0] ?? '').toLowerCase();
  if (lower.length > 63) return false;
  if (named(lower) === brand) return underNationalOrGenericSuffix(registrable);
  if (NAME_ONLY_SECTORS.has(brand.sector ?? '')) return false;
  const parts = lower.split('-');
  if (parts.length > 1 && parts.length <= 3) {
    const rest = parts.filter((p) => named(p) !== brand);
    return rest.length === parts.length - 1 && rest.every((p) => MARKETING_WORDS.has(p));
  }
  for (const word of MARKETING_WORDS) {
    if (word.length < 4 || word.length >= lower.length) continue;
    if (lower.endsWith(word) && named(lower.slice(0, -word.length)) === brand) return true;
    if (lower.startsWith(word) && named(lower.slice(word.length)) === brand) return true;
  }
  return false;
}

/** A passing DKIM signature of the From domain's own organisation (relaxed alignment), not contradicted by DMARC. */
export function dkimAlignedWithFrom(facts: Pick<MessageFacts, 'auth' | 'sender'>): boolean {
  const { auth, sender } = facts;
  return !!sender.domain && auth.dmarc !== 'fail' && auth.dkimPassDomains.some((d) => sameOrganisation(d, sender.domain));
}

/**
 * True when the sender's domain is an unlisted domain of `brand` (above). `links` summarises the mail's
 * links with the sender's organisation as its own.
 */
export function isUnlistedDomainOf(facts: Pick<MessageFacts, 'auth' | 'sender' | 'brands' | 'phrases' | 'html' | 'message'>, brand: Brand, links: LinkSummary, asks: number): boolean {
  const { sender, brands } = facts;
  if (!sender.registrable || sender.freemail || asks > 0 || sender.ownBrand !== null) return false;
  if (facts.auth.dmarc === 'fail' || facts.auth.spf === 'fail') return false;
  if (facts.phrases.some((p) => STORY_CATEGORIES.has(categoryOf(p.tag)))) return false;
  // A password form or a web page attached is a mechanism no genuine mail uses, whoever sends it.
  if ((facts.html?.passwordInputs ?? 0) > 0 || facts.message.attachments.some((a) => /\.(html?|shtml|svgz?|xhtml|mht)$/i.test(a.filename ?? ''))) return false;
  // A brand's marketing domain is not on the top-level domains with the highest share of abuse (.top, .xyz …).
  if (SUSPICIOUS_TLDS.has(sender.registrable.slice(sender.registrable.lastIndexOf('.') + 1))) return false;
  if (!carriesBrandName(sender.registrable, brand, (l) => brands.brandNamed(l))) return false;
  const linksStayHome = links.own > 0 && links.foreignCount === 0;
  return linksStayHome || dkimAlignedWithFrom(facts);
}
