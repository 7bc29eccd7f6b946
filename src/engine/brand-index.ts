import { SuffixMap, suffixStarts } from '../core/suffix-map.js';
import type { Brand } from './data/brand-types.js';
import { IMITATED_BRANDS } from './data/catalogue.js';
import { userContentStrength } from './data/domains.js';
import { KNOWN_SERVICES } from './data/known-services.js';
import { tenantLabel } from './data/tenant-platforms.js';
import { registrableDomain } from '../mail/url-info.js';
import { editDistance, skeleton } from './text/confusables.js';
import { PhraseMatcher } from './text/phrase-matcher.js';
import { words } from './text/words.js';

/**
 * Country domains of the markets the catalogue's brands serve, longest first. A brand's distinctive name
 * under one of them (tesco.co.uk beside tesco.com, fnac.es beside fnac.com) is the brand's national domain:
 * the brands hold their names in their markets' registries, and phishers register look-alikes and
 * combinations, not the identical name there. Vanity and cheap country codes (.co, .io, .me, .ws, .cc, .ru,
 * .cn, .tk …) are left out: anyone registers names there (docs/brand-catalogue.md, "National domains").
 */
const NATIONAL_SUFFIXES: readonly string[] = [
  'co.uk', 'org.uk', 'com.au', 'co.nz', 'co.za', 'com.br', 'com.mx', 'com.ar', 'co.jp', 'co.at', 'com.es', 'com.pt', 'com.pl', 'com.tr',
  'uk', 'ie', 'de', 'at', 'ch', 'li', 'fr', 'be', 'lu', 'nl', 'es', 'pt', 'it', 'dk', 'se', 'no', 'fi', 'is', 'pl', 'cz', 'sk', 'hu', 'ro', 'gr', 'ca', 'au', 'nz', 'br', 'mx', 'ar', 'cl', 'jp', 'eu', 'us',
];

/** Is `registrable` a name under a national suffix of the markets served, or under .com, .net or .org (not a vanity or cheap country code)? */
export function underNationalOrGenericSuffix(registrable: string): boolean {
  const h = registrable.toLowerCase();
  return [...NATIONAL_SUFFIXES, 'com', 'net', 'org'].some((suffix) => h.endsWith(`.${suffix}`) && !h.slice(0, -suffix.length - 1).includes('.'));
}

/** The label in front of a national suffix (or `.com`, with `com`) when `host` is that label's domain or one of its subdomains ("email.tesco.co.uk" → "tesco"). */
function nationalLabel(host: string, com = false): string | null {
  for (const suffix of com ? [...NATIONAL_SUFFIXES, 'com'] : NATIONAL_SUFFIXES) {
    if (!host.endsWith(`.${suffix}`)) continue;
    const rest = host.slice(0, -suffix.length - 1);
    return rest.slice(rest.lastIndexOf('.') + 1) || null;
  }
  return null;
}

/** Shortest one-word keyword read as a domain name (nationalOwner): "unicaja", "mediolanum", "ubereats". */
const MIN_KEYWORD_LABEL = 6;

/** A brand name with a possessive "'s" ("Lowe's", "Sainsbury’s"). */
const POSSESSIVE = /\p{L}['’]s\b/u;

/** Brands phishers imitate (claims, look-alikes, ownership) followed by well-known services (ownership only). */
export const BRAND_CATALOGUE: readonly Brand[] = [...IMITATED_BRANDS, ...KNOWN_SERVICES];

/** One place a brand is named: `length` words from word `index`. */
export interface BrandSpan {
  brand: Brand;
  index: number;
  length: number;
}

export interface LookalikeMatch {
  /** What is imitated: a brand's name, or the tenant's / allow-listed domain. */
  target: string;
  brand: Brand | null;
  /** The genuine label imitated ("paypal"). */
  genuine: string;
  how: 'homograph' | 'typo' | 'combo';
}

/**
 * Lookups over the brand catalogue, built once per engine: keyword matcher, host → brand ownership and
 * lookalike candidates.
 */
export class BrandIndex {
  readonly brands: readonly Brand[];
  readonly keywords: PhraseMatcher;
  private readonly exact = new Map<string, number>();
  /** The exact keywords lower-cased: a word as written can only be one of them if its folded form is here. */
  private readonly exactFolded = new Set<string>();
  /** Listed domain → brand, looked up by parent domain in time linear in the host. */
  private readonly owner = new SuffixMap<number>();
  private readonly labels: Array<{ label: string; skeleton: string; brand: number }> = [];
  /** `labels` as lookalike candidates, built once rather than on every lookup. */
  private readonly catalogue: ReadonlyArray<{ label: string; skeleton: string; target: string; brand: Brand | null }>;
  /** Catalogue-only lookalike verdicts by label: the same domains recur across messages. Bounded. */
  private readonly cache = new Map<string, LookalikeMatch | null>();
  /** Every catalogued label, so that a brand's own name is never judged a glued combination. */
  private readonly catalogueLabels: ReadonlySet<string>;
  /** Positions in `catalogue` of the labels of five letters or more, by skeleton (`gluedCombo`). */
  private readonly gluable = new Map<string, number[]>();
  /** Brands with regional members on their own domains (Brand.members). */
  private readonly members: readonly Brand[];
  /** Distinctive domain label → brand, for national domains the catalogue does not list (nationalOwner). */
  private readonly byLabel = new Map<string, number>();
  /** One-word keyword → brand: the brand's name itself as a domain ("unicaja.es", "mediolanum.com"; nationalOwner). */
  private readonly byKeyword = new Map<string, number>();
  /**
   * The brand's name as a domain label, any length: the first label of each listed domain ("usps", "ikea")
   * and its one-word keywords. Read where something else proves the name is the brand's: an enterprise
   * platform's tenant (tenantOwner), or a sender that owns its domain (brandNamed).
   */
  private readonly byName = new Map<string, number>();

  constructor(brands: readonly Brand[] = BRAND_CATALOGUE) {
    this.brands = brands;
    const entries: Array<{ pattern: string; tag: string }> = [];
    brands.forEach((brand, i) => {
      for (const keyword of brand.keywords) entries.push({ pattern: keyword, tag: String(i) });
      // "Lowe's", "Macy’s", "Sam's Club" as the brand writes itself: folded words split at the apostrophe
      // ("lowe s"), which a keyword written without it ("lowes", "macys") never meets.
      if (POSSESSIVE.test(brand.name)) {
        const written = words(brand.name).join(' ');
        if (!brand.keywords.includes(written)) entries.push({ pattern: written, tag: String(i) });
      }
      for (const keyword of brand.exactKeywords ?? []) {
        this.exact.set(keyword, i);
        this.exactFolded.add(keyword.toLowerCase());
      }
      for (const domain of brand.domains) this.owner.setIfAbsent(domain, i);
      const labels = brand.lookalikeLabels ?? brand.domains.map((d) => d.split('.')[0] ?? '').filter((l) => l.length >= 5);
      for (const label of new Set(labels)) this.labels.push({ label, skeleton: skeleton(label), brand: i });
      // Only a label the brand's own domains carry and its look-alikes would imitate: a common word ("three",
      // "orange") has empty or explicit look-alike labels and never names a national domain.
      for (const label of new Set(labels)) if (brand.domains.some((d) => d.split('.')[0] === label) && !this.byLabel.has(label)) this.byLabel.set(label, i);
      for (const keyword of brand.keywords) if (keyword.length >= MIN_KEYWORD_LABEL && /^[a-z0-9]+$/.test(keyword) && !this.byKeyword.has(keyword)) this.byKeyword.set(keyword, i);
      // Only a registrable domain's label is the brand's name: "notifications" of notifications.service.gov.uk is not.
      for (const domain of brand.domains) {
        const label = domain.split('.')[0] ?? '';
        if (label.length >= 3 && registrableDomain(domain) === domain && !this.byName.has(label)) this.byName.set(label, i);
      }
      for (const keyword of brand.keywords) if (keyword.length >= 4 && /^[a-z0-9]+$/.test(keyword) && !this.byName.has(keyword)) this.byName.set(keyword, i);
    });
    this.keywords = new PhraseMatcher(entries);
    this.members = brands.filter((b) => b.members !== undefined);
    this.catalogueLabels = new Set(this.labels.map((l) => l.label));
    this.catalogue = this.labels.map((l) => ({ label: l.label, skeleton: l.skeleton, target: this.brands[l.brand]?.name ?? l.label, brand: this.brands[l.brand] ?? null }));
    this.catalogue.forEach((c, i) => {
      if (c.label.length < 5) return;
      const at = this.gluable.get(c.skeleton);
      if (at) at.push(i);
      else this.gluable.set(c.skeleton, [i]);
    });
  }

  /** Brand that owns `host` (the host or one of its parent domains is a listed domain, or a member's domain). */
  ownerOf(host: string): Brand | null {
    const h = host.toLowerCase();
    if (userContentStrength(h) > 0) return null;
    const tenant = this.tenantOwner(h);
    if (tenant) return tenant;
    const i = this.owner.longest(h);
    return i === undefined ? (this.memberOwner(h) ?? this.nationalOwner(h)) : (this.brands[i] ?? null);
  }

  /** The brand whose tenant `host` is on an enterprise platform: "usps.force.com" is USPS's (data/tenant-platforms.ts). */
  private tenantOwner(host: string): Brand | null {
    const label = tenantLabel(host);
    const i = label === null ? undefined : this.byName.get(label);
    return i === undefined ? null : (this.brands[i] ?? null);
  }

  /** The brand whose name `label` is exactly (a listed domain's first label or a one-word keyword), or null. */
  brandNamed(label: string): Brand | null {
    const i = this.byName.get(label.toLowerCase());
    return i === undefined ? null : (this.brands[i] ?? null);
  }

  /** The brand whose distinctive name `host`'s domain is, under a national suffix the catalogue does not list (tesco.co.uk). */
  private nationalOwner(host: string): Brand | null {
    const label = nationalLabel(host);
    // The brand's one-word name (a keyword: folded, never an everyday word, docs/brand-catalogue.md) is its
    // domain under a national suffix or .com as well: unicaja.es for unicajabanco.es, mediolanum.it and
    // mediolanum.com for bancamediolanum.it, ubereats.com for uber.com.
    const named = nationalLabel(host, true);
    const i = (label === null ? undefined : this.byLabel.get(label)) ?? (named === null ? undefined : this.byKeyword.get(named));
    return i === undefined ? null : (this.brands[i] ?? null);
  }

  /**
   * True when `host` belongs to a brand only by a naming pattern: its members' (Brand.members) or the
   * brand's name under a national domain the catalogue does not list (nationalOwner), not a listed domain.
   */
  isOwnedByPatternOnly(host: string): boolean {
    const h = host.toLowerCase();
    return this.owner.longest(h) === undefined && (this.memberOwner(h) !== null || this.nationalOwner(h) !== null);
  }

  /** The federation whose member naming pattern `host`'s last two labels follow (Brand.members). */
  private memberOwner(host: string): Brand | null {
    const dot = host.lastIndexOf('.');
    if (dot <= 0 || this.members.length === 0) return null;
    const suffix = host.slice(dot + 1);
    const label = host.slice(host.lastIndexOf('.', dot - 1) + 1, dot);
    for (const brand of this.members) {
      const { prefixes, suffixes } = brand.members!;
      const prefix = suffixes.includes(suffix) ? prefixes.find((p) => label.startsWith(p) && label.length > p.length) : undefined;
      if (prefix !== undefined) return namesServiceNotPlace(label.slice(prefix.length)) ? null : brand;
    }
    return null;
  }

  /**
   * Brand whose domain is written as subdomains of another one ("paypal.com" in
   * "paypal.com.secure-check.xyz"): the owner of the longest dotted suffix of `subdomain` that is not
   * user content. Only the last few labels can match a listed domain, so this is linear in the host.
   */
  ownerInSubdomain(subdomain: string): Brand | null {
    const h = subdomain.toLowerCase();
    // A candidate longer than the longest listed domain has the same owned parents as its suffix of that
    // many labels, and is user content whenever that suffix is: starting there gives the same answer.
    for (const start of suffixStarts(h, Math.max(2, this.owner.depth))) {
      const candidate = start === 0 ? h : h.slice(start);
      if (!candidate.includes('.')) continue;
      if (userContentStrength(candidate) > 0) continue;
      return this.ownerOf(candidate);
    }
    return null;
  }

  /** True when `host` belongs to `brand`. */
  owns(brand: Brand, host: string): boolean {
    const h = host.toLowerCase();
    if (userContentStrength(h) > 0) return false;
    const tenant = this.tenantOwner(h);
    if (tenant) return tenant === brand;
    if (brand.domains.some((d) => h === d || h.endsWith(`.${d}`)) || (brand.members !== undefined && this.memberOwner(h) === brand)) return true;
    return this.owner.longest(h) === undefined && this.memberOwner(h) === null && this.nationalOwner(h) === brand;
  }

  /**
   * Could the raw words of these folded words hold a case-sensitive keyword? Only when one of them is a
   * keyword lower-cased; on ASCII text each raw word is its folded word with its case (words.ts wordViews).
   */
  mayNameExactly(folded: readonly string[]): boolean {
    return this.exactFolded.size > 0 && folded.some((word) => this.exactFolded.has(word));
  }

  /** Brands named in folded words (keywords) and raw words (case-sensitive keywords), with counts. */
  mentions(folded: readonly string[], raw: readonly string[], limit = 200): Map<Brand, number> {
    const counts = new Map<Brand, number>();
    for (const span of this.mentionSpans(folded, raw, limit)) counts.set(span.brand, (counts.get(span.brand) ?? 0) + 1);
    return counts;
  }

  /**
   * Where each brand is named: the word index and length of every keyword hit in `folded` and of every
   * case-sensitive keyword in `raw` (on ASCII text both lists hold the same words in the same order), in
   * text order of each kind. brand-mention.ts reads the words around them.
   */
  mentionSpans(folded: readonly string[], raw: readonly string[], limit = 200): BrandSpan[] {
    const spans: BrandSpan[] = [];
    for (const hit of this.keywords.find(folded, limit)) {
      const brand = this.brands[Number(hit.tag)];
      if (brand) spans.push({ brand, index: hit.index, length: hit.text.split(' ').length });
    }
    if (this.exact.size > 0) {
      let seen = 0;
      for (let at = 0; at < raw.length; at++) {
        const i = this.exact.get(raw[at]!);
        const brand = i === undefined ? undefined : this.brands[i];
        if (brand) {
          spans.push({ brand, index: at, length: 1 });
          if (++seen >= limit) break;
        }
      }
    }
    return spans;
  }

  /**
   * Is `label` (a registrable domain without suffix, Unicode) imitating a brand label or one of `extra`
   * (tenant and allow-listed domains' labels)? Exact matches are not lookalikes: callers check
   * ownership first.
   */
  lookalike(label: string, extra: ReadonlyArray<{ label: string; target: string }>): LookalikeMatch | null {
    const lower = label.toLowerCase();
    if (lower.length < 3) return null;
    const own = extra.filter((e) => e.label.length >= 4).map((e) => ({ label: e.label, skeleton: skeleton(e.label), target: e.target, brand: null }));
    const tenantMatch = own.length ? this.match(lower, skeleton(lower), own) : null;
    if (tenantMatch) return tenantMatch;
    const cached = this.cache.get(lower);
    if (cached !== undefined) return cached;
    const result = this.match(lower, skeleton(lower), this.catalogue);
    if (this.cache.size >= 20_000) this.cache.clear();
    this.cache.set(lower, result);
    return result;
  }

  /**
   * Is `label` a catalogued brand's name with a lure word glued on, no hyphen ("githubsupport",
   * "postbankde")? Asked of sender domains only: a link to a third-party product named after a brand
   * ("outlooksecure.com" in a newsletter) is that product, while a mail sent from such a name presents
   * itself as the brand (docs/detection.md, SENDER_LOOKALIKE).
   */
  gluedCombo(label: string): LookalikeMatch | null {
    const lower = label.toLowerCase();
    if (lower.length > 63 || this.catalogueLabels.has(lower)) return null;
    const skel = skeleton(lower);
    // The first catalogue entry (in catalogue order) whose skeleton is `skel` with one lure word cut off
    // either end; found from the lure words rather than by trying all ~800 entries on every sender label.
    let first = Infinity;
    const consider = (brand: string): void => {
      for (const i of this.gluable.get(brand) ?? []) if (i < first && gluedToLureWord(skel, this.catalogue[i]!.skeleton)) first = i;
    };
    for (const word of LURE_WORDS) {
      if (word.length >= skel.length) continue;
      if (skel.endsWith(word)) consider(skel.slice(0, skel.length - word.length));
      if (skel.startsWith(word)) consider(skel.slice(word.length));
    }
    const c = this.catalogue[first];
    return c ? { target: c.target, brand: c.brand, genuine: c.label, how: 'combo' } : null;
  }

  /**
   * Is `label` a close imitation of one of `domains`' labels (the recipients' own organisations): the same
   * letters by look-alike characters, or one letter changed in a name of six letters or more. Never
   * "added words" (acme-group.com beside acme.com is often the same company) and never two edits, so
   * that partners with similar names are not accused of imitating each other.
   */
  imitates(label: string, domains: readonly string[]): { target: string; how: 'homograph' | 'typo' } | null {
    const lower = label.toLowerCase();
    if (lower.length < 4 || lower.length > 63) return null;
    const skel = skeleton(lower);
    for (const domain of domains.slice(0, 20)) {
      const own = domain.split('.')[0] ?? '';
      if (own.length < 4 || own === lower) continue;
      const ownSkeleton = skeleton(own);
      if (skel === ownSkeleton) return { target: domain, how: 'homograph' };
      if (own.length >= 6 && editDistance(skel, ownSkeleton, 1) <= 1) return { target: domain, how: 'typo' };
    }
    return null;
  }

  private match(lower: string, skel: string, candidates: ReadonlyArray<{ label: string; skeleton: string; target: string; brand: Brand | null }>): LookalikeMatch | null {
    // A brand's own name under another suffix (mercadolibre.com.mx beside mercadolibre.com) is that name,
    // not an imitation of the brand's other names ("mercadolivre", "canal-plus"): whose it is, is the
    // catalogue's question, and the identical name is never judged a look-alike (docs/detection.md, URL_LOOKALIKE).
    const namedBy = new Set(candidates.filter((c) => c.brand !== null && c.label === lower).map((c) => c.brand));
    const skip = (c: { label: string; brand: Brand | null }): boolean => lower === c.label || (c.brand !== null && namedBy.has(c.brand));
    for (const c of candidates) {
      if (skip(c)) continue;
      if (skel === c.skeleton) return { target: c.target, brand: c.brand, genuine: c.label, how: 'homograph' };
    }
    // A catalogued brand's own name is that brand, not a misspelling of another's ("postbank" is two
    // letters from "frostbank").
    for (const c of namedBy.size > 0 ? [] : candidates) {
      // Five-letter names only by look-alike characters (above): one letter off "bpost" is "jpost", a
      // newspaper, and most five-letter words are one letter off some brand.
      if (skip(c) || c.label.length < 6) continue;
      // Labels under 8 characters only by substitution or swap ("paypa1", "amaozn"): "vast" is not
      // "avast" and "online" is not "t-online".
      if (c.skeleton.length < 8 && skel.length !== c.skeleton.length) continue;
      // ...and only when the name itself has the brand's length: "ac-lyon" folds to "adyon" (hyphen
      // dropped, "cl" read as "d"), one letter from "adyen", but a French school's domain is no Adyen.
      if (c.skeleton.length < 8 && lower.length !== c.label.length) continue;
      const max = c.label.length >= 9 ? 2 : 1;
      if (editDistance(skel, c.skeleton, max) <= max) return { target: c.target, brand: c.brand, genuine: c.label, how: 'typo' };
    }
    // Combosquatting: the genuine label (or a homograph of it) plus words ("paypal-secure",
    // "secure-paypa1-login").
    const parts = lower.includes('-') ? lower.split('-').map((p) => skeleton(p)) : [];
    for (const c of candidates) {
      if (c.label.length < 5 || skip(c) || parts.length === 0) continue;
      if (parts.includes(c.skeleton)) return { target: c.target, brand: c.brand, genuine: c.label, how: 'combo' };
    }
    return null;
  }
}

/**
 * Words a combosquatted name adds to a brand's without a hyphen ("githubsupport", "paypalsecure",
 * "postbankde", "secureamazon"): the service words of a lure and country codes. Only these: a brand's
 * name glued to any other word is as often another business ("applebees", "shellfish").
 */
const LURE_WORDS: ReadonlySet<string> = new Set(
  [
    'support', 'secure', 'security', 'login', 'signin', 'verify', 'verification', 'account', 'accounts', 'service',
    'services', 'update', 'billing', 'help', 'helpdesk', 'online', 'team', 'alert', 'alerts', 'notice', 'center',
    'centre', 'auth', 'customer', 'customers', 'client', 'care', 'mail', 'info', 'kunden', 'konto', 'sicherheit',
    'compte', 'connexion', 'cuenta', 'conta', 'seguridad', 'sicurezza', 'beveiliging',
    'de', 'uk', 'us', 'fr', 'es', 'it', 'nl', 'pt', 'br', 'ca', 'au', 'be', 'ch', 'at', 'mx',
  ].map((w) => skeleton(w)),
);

/**
 * Words of a lure's own vocabulary in a federation member's name. A real member's part of the name is a
 * place or region ("sparkasse-koelnbonn", "ca-paris", "volksbank-mittelhessen"); anyone can register the
 * pattern with service words instead ("sparkasse-tan-verifizierung.de", "ca-securite-client.fr"), and such
 * a name is an imitation of the federation, not a member (docs/brand-catalogue.md, `members`).
 */
const MEMBER_NAME_LURES: ReadonlySet<string> = new Set([
  ...['support', 'secure', 'security', 'login', 'signin', 'verify', 'verification', 'account', 'service', 'services', 'update'],
  ...['billing', 'help', 'online', 'team', 'alert', 'notice', 'center', 'auth', 'customer', 'client', 'care', 'mail', 'info'],
  ...['app', 'portal', 'banking', 'tan', 'pushtan', 'kunden', 'kundenservice', 'konto', 'sicherheit', 'sicher', 'verifizierung'],
  ...['aktualisierung', 'freischaltung', 'registrierung', 'legitimation', 'entsperren', 'compte', 'connexion', 'securite'],
  ...['clients', 'acces', 'espace', 'assistance', 'alerte', 'validation', 'authentification', 'cuenta', 'seguridad', 'acceso'],
  ...['clientes', 'verificacion', 'conta', 'seguranca', 'sicurezza', 'verifica', 'beveiliging', 'klant', 'klantenservice'],
]);

/** Is a member name's own part (after the federation's prefix) made of a lure's service words? */
function namesServiceNotPlace(rest: string): boolean {
  return rest.split('-').some((word) => MEMBER_NAME_LURES.has(word));
}

/** Is `label` a brand's name with one lure word glued before or after it? (Both folded to skeletons.) */
function gluedToLureWord(label: string, brand: string): boolean {
  if (label.length <= brand.length) return false;
  if (label.startsWith(brand)) return LURE_WORDS.has(label.slice(brand.length));
  return label.endsWith(brand) && LURE_WORDS.has(label.slice(0, label.length - brand.length));
}
