import { domainToUnicode } from 'node:url';
import type { Detector, DetectorHit, DetectorInput } from '../detector.js';
import type { LookalikeMatch } from '../brand-index.js';
import { isGatewayLink, TRACKER_DOMAINS, userContentStrength } from '../data/domains.js';
import { providerTenant } from '../data/provider-tenants.js';
import type { Brand } from '../data/brand-types.js';
import { sameOrganisation } from '../organisation.js';
import { orgLabel } from '../organisation-name.js';
import { words } from '../text/words.js';
import { isMixedScript, scriptsOf } from '../text/confusables.js';
import { isClickable, ownOrganisations, ownPlatformPage } from './links.js';

const describeMatch = (what: string, domain: string, match: LookalikeMatch, protectedDomain: boolean): string => {
  const target = protectedDomain ? `your domain ${match.target}` : `${match.target} (${match.genuine})`;
  const how = match.how === 'homograph' ? 'with look-alike characters' : match.how === 'typo' ? 'by a small spelling change' : 'by adding words to the name';
  return `${what} ${domain} imitates ${target} ${how}`;
};

const STRENGTH: Record<LookalikeMatch['how'], number> = { homograph: 1, typo: 0.9, combo: 0.8 };

/** Lookalike check of one registrable domain; null when it is genuine (owned, tenant, allow-listed). */
function judgeDomain(input: DetectorInput, domain: string, host: string, sender = false): { match: LookalikeMatch; protectedDomain: boolean; name?: string } | null {
  if (!domain || input.brands.ownerOf(host) || input.recipientDomains.has(domain)) return null;
  if (input.protectedLabels.some((p) => p.domain === domain)) return null;
  // A provider's tenant domain (contoso.onmicrosoft.com) names its tenant, not the provider: the tenant's
  // label is judged, and the provider's own suffix never is (docs/detection.md "Provider tenant domains").
  const tenant = providerTenant(host);
  if (tenant && !tenant.tenant) return null;
  const name = tenant ? tenant.tenant : domain;
  const unicode = name.includes('xn--') ? domainToUnicode(name) || name : name;
  const label = unicode.split('.')[0] ?? '';
  // Allow entries protect (above) but never accuse: only the tenant's own domains are targets (docs/security.md).
  const match = input.brands.lookalike(label, input.protectedLabels.filter((p) => !p.allowEntry));
  // The reason names the tenant's host ("microsoft-securityteam.onmicrosoft.com"), not the provider's suffix.
  const named = tenant ? { name: host } : {};
  if (match) return { match, protectedDomain: match.brand === null, ...named };
  const glued = sender ? input.brands.gluedCombo(label) : null;
  if (glued) return { match: glued, protectedDomain: false, ...named };
  // Without a tenant configured (the REST API), the recipients' own organisations are the domains a BEC
  // sender imitates: "northwlnd.com" writing to northwind.com (docs/detection.md, SENDER_LOOKALIKE).
  // A page on a platform named after a recipient's organisation ("jansenbouw.notion.site" for
  // jansen-bouw.nl) is as often as not that organisation's own page, and no registered look-alike; pages on
  // abuse-prone platforms have their own rule (URL_FREE_HOSTING). Look-alike letters there still count.
  if (ownPlatformPage(input, host)) return null;
  const imitated = input.brands.imitates(label, [...input.recipientDomains]);
  return imitated ? { match: { target: imitated.target, brand: null, genuine: imitated.target, how: imitated.how }, protectedDomain: true } : null;
}

/**
 * The sender's own domain, judged an unlisted domain of the brand it carries (zalando-shop.de for Zalando,
 * unlisted-brand-domain.ts): a name the sender proves it owns is a catalogue gap, not a look-alike.
 */
function ownUnlistedDomain(input: DetectorInput, host: string, match: LookalikeMatch): boolean {
  const j = input.judgement;
  return !!j?.unlistedDomain && match.brand !== null && j.claim?.brand === match.brand && sameOrganisation(host, input.sender.domain);
}

/**
 * A sender that signs with its own domain's name ("Bankin'" <…@bankin.com>), never names the brand that
 * name is a spelling change of (BankID), and asks for nothing presents itself as itself: a name a letter
 * or two from a brand's is as often another company's own. Its links home are then no look-alike either.
 * Look-alike letters and a brand's name with words added still count, and so does the spelling change
 * once the mail names the brand or its family, asks, or signs with another name (docs/detection.md, URL_LOOKALIKE).
 */
function ownNameTypo(input: DetectorInput, host: string, match: LookalikeMatch): boolean {
  const brand = match.brand;
  if (match.how !== 'typo' || brand === null || !sameOrganisation(host, input.sender.domain)) return false;
  const own = orgLabel(input.sender.registrable);
  if (own.length < 4 || words(input.sender.displayName, 8).join('') !== own) return false;
  const family = (b: Brand): string => b.parent ?? b.name;
  if (input.claims.some((c) => family(c.brand) === family(brand))) return false;
  return (input.judgement?.asks.length ?? 0) === 0;
}

/** "paypal.com.secure-check.xyz": a brand's domain written as subdomains of an unrelated one. */
function brandInSubdomain(input: DetectorInput, subdomain: string): string | null {
  if (!subdomain) return null;
  const owner = input.brands.ownerInSubdomain(subdomain);
  if (owner) return owner.name;
  // Hosts have at most 127 labels (253 octets); describeUrl leaves longer ones without a subdomain.
  for (const label of subdomain.toLowerCase().split('.', 127)) {
    if (label.length < 3) continue;
    const brand = [...input.brands.mentions([label], [], 1).keys()][0];
    if (brand) return brand.name;
  }
  return null;
}

/**
 * "veldhoven-advies.nl.wachtwoord-behouden.com" in mail to veldhoven-advies.nl: the recipient's own domain
 * (or the tenant's), dots and all, written as subdomains of an unrelated one, so that the link reads as the
 * reader's own webmail. Not on a platform's host (a company's S3 bucket "files.acme.com.s3.amazonaws.com"
 * carries its name that way) nor on a click-tracker.
 */
function ownDomainInSubdomain(input: DetectorInput, host: string, subdomain: string, domain: string): string | null {
  if (!subdomain || !subdomain.includes('.') || userContentStrength(host) > 0 || TRACKER_DOMAINS.has(domain)) return null;
  const dotted = `.${subdomain.toLowerCase()}.`;
  const own = [...input.recipientDomains, ...input.protectedLabels.filter((p) => !p.allowEntry).map((p) => p.domain)];
  return own.find((d) => d.includes('.') && dotted.includes(`.${d}.`) && !sameOrganisation(host, d)) ?? null;
}

/** A brand's host name as one of the first two path segments ("evil.example/onlinebanking.mybank.com/login"). */
const HOST_SEGMENT = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;

/** "host.example/www.paypal.com/signin": a brand's host written where a reader skimming the link sees it. */
function brandHostInPath(input: DetectorInput, path: string): { host: string; brand: string } | null {
  for (const segment of path.split('/', 3)) {
    if (!segment || segment.length > 253 || !HOST_SEGMENT.test(segment)) continue;
    const owner = input.brands.ownerOf(segment.toLowerCase());
    if (owner) return { host: segment.toLowerCase(), brand: owner.name };
  }
  return null;
}

export const urlHomograph: Detector = {
  id: 'URL_HOMOGRAPH',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Internationalised host names: mixed scripts (Latin with Cyrillic/Greek) or punycode',
  run(input) {
    const hits: DetectorHit[] = [];
    for (const u of input.urls) {
      if (!u.info || !isClickable(u) || !u.info.host.includes('xn--')) continue;
      const unicode = u.info.hostUnicode;
      const mixed = unicode.split('.').some(isMixedScript);
      // An organisation's own name spelt with its own letters (müller-bau.de in Müller Bau's mail, or in mail
      // to it) imitates nobody: a homograph is a name made to look like another organisation's. Letters of
      // other scripts mixed into a name (раураl.com) fire whoever sends them (docs/detection.md, URL_HOMOGRAPH).
      if (!mixed && ownOrganisations(input).some((d) => sameOrganisation(u.info!.host, d))) continue;
      const scripts = scriptsOf(unicode.replace(/\.[^.]+$/, ''));
      const singleForeign = scripts.size === 1 && !scripts.has('latin');
      const strength = mixed ? 1 : singleForeign ? 0.3 : 0.5;
      const reason = mixed ? `Link host ${unicode} mixes Latin and Cyrillic/Greek letters to look like another name` : `Link host ${unicode} is an internationalised (punycode) name: ${u.info.host}`;
      hits.push({ strength, reason, url: u.url, flag: mixed ? 'homograph' : 'punycode' });
    }
    return hits.sort((a, b) => b.strength - a.strength).slice(0, 3);
  },
};

export const urlLookalike: Detector = {
  id: 'URL_LOOKALIKE',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'Link domains imitating a catalogued brand, the tenant or an allow-listed domain (homograph, typo, combosquatting, brand as subdomain)',
  run(input) {
    const hits: DetectorHit[] = [];
    const seen = new Set<string>();
    for (const u of input.urls) {
      const info = u.info;
      if (!info || info.isIp || !isClickable(u) || seen.has(info.host)) continue;
      seen.add(info.host);
      // A security gateway's link that carries no readable target (Mimecast's /s/ links) is the recipient's
      // infrastructure, never a look-alike (docs/detection.md "Security-gateway rewrites").
      if (isGatewayLink(info.host, info.path)) continue;
      if (seen.size > 100) break;
      const judged = judgeDomain(input, info.domain, info.host);
      if (judged && (ownUnlistedDomain(input, info.host, judged.match) || ownNameTypo(input, info.host, judged.match))) continue;
      if (judged) {
        const brand = judged.match.brand?.name;
        hits.push({ strength: STRENGTH[judged.match.how], reason: describeMatch('Link domain', judged.name ?? info.domain, judged.match, judged.protectedDomain), url: u.url, flag: 'lookalike', ...(brand ? { brand } : {}) });
        continue;
      }
      if (input.brands.ownerOf(info.host) || TRACKER_DOMAINS.has(info.domain)) continue;
      const embedded = brandInSubdomain(input, info.subdomain);
      if (embedded) {
        hits.push({ strength: 0.8, reason: `Link host ${info.host.slice(0, 80)} puts ${embedded} in front of the unrelated domain ${info.domain}`, url: u.url, flag: 'lookalike', brand: embedded });
        continue;
      }
      const yours = ownDomainInSubdomain(input, info.host, info.subdomain, info.domain);
      if (yours) {
        hits.push({ strength: 0.8, reason: `Link host ${info.host.slice(0, 80)} puts your domain ${yours} in front of the unrelated domain ${info.domain}`, url: u.url, flag: 'lookalike' });
        continue;
      }
      const inPath = brandHostInPath(input, info.path);
      if (inPath) hits.push({ strength: 0.8, reason: `Link on the unrelated domain ${info.domain} puts ${inPath.host} (${inPath.brand}) in its path`, url: u.url, flag: 'lookalike', brand: inPath.brand });
    }
    return hits.sort((a, b) => b.strength - a.strength).slice(0, 3);
  },
};

export const senderLookalike: Detector = {
  id: 'SENDER_LOOKALIKE',
  group: 'sender',
  indicator: 'impersonation',
  description: 'Sender or Reply-To domain imitating a catalogued brand, the tenant or an allow-listed domain',
  run(input) {
    const hits: DetectorHit[] = [];
    const candidates = [
      { what: 'Sender domain', facts: input.sender },
      ...input.sender.replyTo.map((r) => ({ what: 'Reply-To domain', facts: r })),
    ];
    for (const { what, facts } of candidates) {
      if (!facts.registrable || facts.freemail) continue;
      const judged = judgeDomain(input, facts.registrable, facts.domain, true);
      if (!judged || ownUnlistedDomain(input, facts.domain, judged.match) || ownNameTypo(input, facts.domain, judged.match)) continue;
      const brand = judged.match.brand?.name;
      hits.push({ strength: STRENGTH[judged.match.how], reason: describeMatch(what, judged.name ?? facts.registrable, judged.match, judged.protectedDomain), ...(brand ? { brand } : {}) });
    }
    return hits;
  },
};
