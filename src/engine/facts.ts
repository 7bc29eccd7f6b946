import type { NormalizedMessage } from '../core/message.js';
import { headerOnlyFacts } from '../mail/auth-combine.js';
import { countedAuth, type SenderAuth } from '../mail/auth-results.js';
import { parseHtml, type HtmlFacts } from '../mail/html.js';
import { extractUrls, type ExtractedUrl } from '../mail/url-extract.js';
import { visibleBody } from './classifier/document.js';
import { registrableDomain } from '../mail/url-info.js';
import type { BrandIndex } from './brand-index.js';
import { findDisguises, readLookalikes, type Disguise } from './disguise.js';
import type { BrandClaim, Judgement } from './judgement-types.js';
import type { Brand } from './data/brand-types.js';
import { FREEMAIL_DOMAINS } from './data/domains.js';
import type { PhraseHit, PhraseMatcher } from './text/phrase-matcher.js';
import { withoutNegated } from './lexicon/negation.js';
import { categoryOf } from './lexicon/index.js';
import { findCjkPhrases } from './lexicon/cjk.js';
import { HAND_OVER_CATEGORIES } from './lexicon/types.js';
import { withoutReportedAsks } from './lexicon/reported.js';
import { withoutPriceLines } from './lexicon/price-lines.js';
import { withoutListManagement } from './lexicon/list-management.js';
import { displayNameClaimPoints } from './display-name.js';
import { accountClaims, claimingMentions, presentedMentions } from './brand-mention.js';
import { orgLabel } from './organisation-name.js';
import { guessLanguage } from './text/language.js';
import { replyOwnText } from './text/quoted.js';
import { removeAddresses, sentenceStarts, wordViews } from './text/words.js';
import type { AnalysisContext } from './types.js';
import { trimEndMatching } from '../core/trim.js';

export interface AddressFacts {
  address: string;
  /** Full domain, lower-case. */
  domain: string;
  /** Registrable domain ("mail.example.co.uk" → "example.co.uk"). */
  registrable: string;
  freemail: boolean;
}

export interface SenderFacts extends AddressFacts {
  displayName: string;
  replyTo: AddressFacts[];
  returnPath: AddressFacts | null;
  /** Brand that owns the From domain (never for free-mail domains, which anyone can use). */
  ownBrand: Brand | null;
}

export type { BrandClaim } from './judgement-types.js';

/** Facts derived once per analysis, read by every detector. */
/** The statistical classifier's opinion, when a model is loaded. */
export interface ClassificationFacts {
  /** Calibrated probability of phishing, after any damping. */
  probability: number;
  /** Calibrated log-odds, after any damping. */
  logit: number;
  /** Features that pushed most towards phishing. */
  top: string[];
}

export interface MessageFacts {
  message: NormalizedMessage;
  ctx: AnalysisContext;
  auth: SenderAuth;
  html: HtmlFacts | null;
  /** What a reader sees of the body: text/plain, or the HTML's visible text when there is no plain text. */
  bodyText: string;
  /** Subject + text body + visible HTML text + image alt texts: what the language rules read. */
  ruleText: string;
  /** Folded words of `ruleText`. */
  words: string[];
  phrases: PhraseHit[];
  urls: ExtractedUrl[];
  sender: SenderFacts;
  /** Registrable domains of the recipients and of the tenant. */
  recipientDomains: Set<string>;
  /**
   * Tenant and allow-listed domains: never judged look-alikes themselves. Only the tenant's own domains
   * are look-alike targets; an allow entry protects its sender but never accuses another one
   * (docs/security.md "List entries"): allow-listing bpartner.example must not make partner.example a look-alike.
   */
  protectedLabels: Array<{ label: string; target: string; domain: string; allowEntry?: boolean }>;
  claims: BrandClaim[];
  /** Brands and asks disguised in the display name, subject or link text (disguise.ts). */
  disguises: Disguise[];
  brands: BrandIndex;
  /** Language guessed from function words (en, fr, de, es, it, nl, pt) or null. */
  language: string | null;
  classification: ClassificationFacts | null;
  /** The three questions answered: claimed identity, is the sender that identity, what it asks (judgement.ts). */
  judgement: Judgement | null;
  /** Rules of earlier stages that fired (id, strength, log-odds contributed, reason), filled by the engine between stages. */
  fired: Array<{ id: string; strength: number; contribution: number; reason: string; brand?: string }>;
  coverage: string[];
}

export interface FactsOptions {
  maxUrls: number;
  maxHtmlChars: number;
  /** Words of the rule text looked at (bounds the language rules' work). */
  maxWords: number;
  /**
   * The HTML facts of an earlier analysis of the same body (`source` is that body, compared by value):
   * a forward is judged a second time as the message it forwards, with the same body (engine.ts).
   */
  parsedHtml?: { source: string; html: HtmlFacts } | null;
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"]{1,2000}/gi;

const domainOf = (address: string): string => {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : trimEndMatching(address.slice(at + 1).toLowerCase(), /[>.\s]/);
};

export function addressFacts(address: string): AddressFacts {
  const domain = domainOf(address);
  const registrable = registrableDomain(domain) || domain;
  return { address: address.toLowerCase(), domain, registrable, freemail: FREEMAIL_DOMAINS.has(registrable) || FREEMAIL_DOMAINS.has(domain) };
}

function senderFacts(message: NormalizedMessage, brands: BrandIndex): SenderFacts {
  const from = addressFacts(message.from?.address ?? '');
  const returnPathAddress = message.envelope?.mailFrom ?? message.returnPath;
  return {
    ...from,
    displayName: (message.from?.name ?? '').slice(0, 300),
    replyTo: message.replyTo.slice(0, 10).map((r) => addressFacts(r.address)).filter((r) => r.domain),
    returnPath: returnPathAddress ? addressFacts(returnPathAddress) : null,
    ownBrand: from.domain && !from.freemail ? brands.ownerOf(from.domain) : null,
  };
}

/** A whole token that is a domain name: labels of letters, digits and hyphens joined by dots, ending in letters. */
const DOMAIN_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}\.?$/i;
const TOKEN_SEPARATORS = /[\s<>()[\]{}"',;:|/!?*]+/;

/** Lexicon categories of an offer made in a brand's name (a prize, a gift card, a bonus): no brand in such a mail is a mere mention. */
const OFFER_CATEGORIES: ReadonlySet<string> = new Set(['prize', 'giftcard', 'scam', 'crypto']);

/** Lexicon categories of a risky ask (judgement.ts asks): in a mail that asks one, the brand after the sender's own name claims. */
const ASK_CATEGORIES: ReadonlySet<string> = new Set([...HAND_OVER_CATEGORIES, 'org_credential', 'crypto']);

/** Scores brand claims: the display name and the address weigh most, body mentions least. */
function brandClaims(facts: Pick<MessageFacts, 'sender' | 'message' | 'html' | 'words' | 'phrases'>, ruleRaw: string[], brands: BrandIndex): BrandClaim[] {
  const claims = new Map<Brand, BrandClaim>();
  const add = (found: Map<Brand, number>, points: number, where: string, cap = points): void => {
    for (const [brand, count] of found) {
      const claim = claims.get(brand) ?? { brand, score: 0, where: [] };
      claim.score += Math.min(cap, points * count);
      if (!claim.where.includes(where)) claim.where.push(where);
      claims.set(brand, claim);
    }
  };
  // In the subject, the text and image texts a brand named as the way to pay, a shop or one of a list is
  // a mention, not a claim (brand-mention.ts); the display name and the address are the sender's own
  // presentation, whatever their words. Not in a mail offering a prize, a gift card or a bonus: "how will
  // you spend your $500 at eBay", "1.000 € Amazon-Geschenkkarte + Samsung Galaxy" put the reward in the
  // brand's name, the prize lure of IMPERSONATION_WITH_ASK.
  const offers = facts.phrases.some((p) => OFFER_CATEGORIES.has(categoryOf(p.tag)));
  // A brand right after the sender's own name ("Lockergnome Apple Core" <…@lockergnome.com>) is what it
  // publishes about (brand-mention.ts). Not from free-mail, whose domain is nobody's own name, and not in
  // a mail that asks for credentials, payment, gift cards, bank details or crypto or a password, or makes
  // an offer: there the name shown is the lure's, whatever comes before it.
  const asks = (facts.html?.passwordInputs ?? 0) > 0 || facts.phrases.some((p) => ASK_CATEGORIES.has(categoryOf(p.tag)));
  const ownName = facts.sender.freemail || asks || offers ? '' : orgLabel(facts.sender.registrable);
  const plain = (text: string, presentation: boolean): Map<Brand, number> => {
    const { folded, raw } = wordViews(text, 200);
    if (offers) return brands.mentions(folded, raw);
    const spans = brands.mentionSpans(folded, raw);
    return presentation ? presentedMentions(folded, spans, ownName) : claimingMentions(folded, spans, ownName);
  };
  // "PayPaI" claims PayPal as much as "PayPal" does: the look-alike reading adds the brands it reveals.
  const of = (text: string, presentation = false): Map<Brand, number> => {
    const found = plain(text, presentation);
    const read = readLookalikes(text);
    if (read !== text) for (const [brand, count] of plain(read, presentation)) if (!found.has(brand)) found.set(brand, count);
    return found;
  };
  // "ups.com [US]", "From paypal.com": a brand's own domain written in the name or subject claims the
  // brand, whatever the case of its letters ("UPS" alone is a case-sensitive keyword).
  const ofNamed = (text: string, presentation = false): Map<Brand, number> => {
    const found = of(text, presentation);
    for (const token of text.split(TOKEN_SEPARATORS, 20)) {
      if (token.length > 253 || !DOMAIN_NAME.test(token)) continue;
      const owner = brands.ownerOf(token.toLowerCase().replace(/\.$/, ''));
      if (owner && !found.has(owner)) found.set(owner, 1);
    }
    return found;
  };
  // A payment or sign-in scheme named in the subject or text is how to pay or sign in, not who writes.
  const notScheme = (found: Map<Brand, number>): Map<Brand, number> => new Map([...found].filter(([brand]) => !brand.scheme));
  const { sender, message, html } = facts;
  const namePoints = displayNameClaimPoints(sender.displayName, sender.address);
  if (namePoints > 0) add(ofNamed(sender.displayName, true), namePoints, 'display name');
  add(notScheme(ofNamed(message.subject)), 2, 'subject');
  // Only the local part: "paypal-service@evil.com" claims PayPal, "jane@gmail.com" does not claim Google.
  add(of(sender.address.slice(0, Math.max(0, sender.address.lastIndexOf('@'))).replace(/[._+-]+/g, ' '), true), 2, 'sender address');
  const spans = brands.mentionSpans(facts.words, ruleRaw, 400);
  add(notScheme(offers ? brands.mentions(facts.words, ruleRaw, 400) : claimingMentions(facts.words, spans, ownName)), 1, 'text', 2);
  add(notScheme(accountClaims(facts.words, spans)), 1, 'your account', 1);
  if (html?.altText) add(notScheme(of(html.altText)), 1, 'image text');
  return [...claims.values()].sort((a, b) => b.score - a.score);
}

/**
 * The lexicon's hits the rules read: without pressure and asks a negation undoes ("never ask for your PIN",
 * lexicon/negation.ts), without asks a scam warning reports ("fake texts ask you to pay a fee",
 * lexicon/reported.ts), without a footer's "update your information or unsubscribe" (lexicon/list-management.ts) and without the lines of a bill ("Versandkosten: 4,95 €", lexicon/price-lines.ts). Sentence openings are computed at most once, and only when either needs them.
 */
function phrasesOf(hits: readonly PhraseHit[], words: readonly string[], sentences: () => readonly number[]): PhraseHit[] {
  let starts: readonly number[] | null = null;
  const once = (): readonly number[] => (starts ??= sentences());
  return withoutPriceLines(withoutListManagement(withoutReportedAsks(withoutNegated(hits, words, once), words, once), words, once), words);
}

export function buildFacts(message: NormalizedMessage, ctx: AnalysisContext, deps: { brands: BrandIndex; lexicon: PhraseMatcher }, options: FactsOptions): MessageFacts {
  const coverage: string[] = [];
  let html: HtmlFacts | null = null;
  if (message.html) {
    const source = message.html.length > options.maxHtmlChars ? message.html.slice(0, options.maxHtmlChars) : message.html;
    if (source.length < message.html.length) coverage.push(`HTML body truncated at ${options.maxHtmlChars} characters`);
    html = options.parsedHtml?.source === message.html ? options.parsedHtml.html : parseHtml(source, { maxLinks: options.maxUrls * 2, maxTextChars: options.maxHtmlChars });
    if (html.truncated) coverage.push('HTML parsing stopped early (too many or too deeply nested tags)');
  }
  const extracted = extractUrls(message, html, options.maxUrls);
  coverage.push(...extracted.coverage);
  const plain = message.text.trim();
  const bodyText = visibleBody(message, html?.text);
  const ruleText = [message.subject, replyOwnText(message.subject, plain), html?.text ?? '', html?.altText ?? ''].filter(Boolean).join('\n');
  // Addresses and URLs are judged by their own rules; as words they would make "jane@gmail.com" a
  // mention of Google.
  const prose = removeAddresses(ruleText).replace(URL_IN_TEXT, ' ');
  // The words as written are read only for the brands' case-sensitive keywords ("ING", "Apple").
  const { folded, raw: proseRaw } = wordViews(prose, options.maxWords, (words) => deps.brands.mayNameExactly(words));
  if (folded.length >= options.maxWords) coverage.push(`language rules read the first ${options.maxWords} words`);
  const sender = senderFacts(message, deps.brands);
  const recipientDomains = new Set<string>();
  for (const r of [...message.to, ...message.cc]) {
    const facts = addressFacts(r.address);
    if (facts.registrable && !facts.freemail) recipientDomains.add(facts.registrable);
  }
  for (const domain of ctx.tenantDomains) recipientDomains.add(registrableDomain(domain) || domain.toLowerCase());
  const tenantOwn = new Set(ctx.tenantDomains.map((d) => registrableDomain(d) || d.toLowerCase()));
  const protectedLabels = [...new Set([...ctx.tenantDomains, ...ctx.allowList.filter((e) => e.type === 'domain').map((e) => e.value)])]
    .map((domain) => {
      const registrable = registrableDomain(domain) || domain.toLowerCase();
      return { label: registrable.split('.')[0] ?? '', target: registrable, domain: registrable, ...(tenantOwn.has(registrable) ? {} : { allowEntry: true }) };
    })
    .filter((p) => p.label.length >= 4);
  // Japanese and Chinese write without spaces: their phrases are found inside the words (lexicon/cjk.ts).
  const wordHits = deps.lexicon.find(folded, 200);
  const cjkHits = findCjkPhrases(folded, prose);
  const phrases = phrasesOf(cjkHits.length > 0 ? [...wordHits, ...cjkHits] : wordHits, folded, () => sentenceStarts(prose, options.maxWords));
  const partial = { sender, message, html, words: folded, phrases };
  const facts: MessageFacts = {
    message,
    ctx,
    auth: countedAuth(ctx.authentication ?? (ctx.headerTrust ? headerOnlyFacts(message.headers, domainOf(message.from?.address ?? ''), ctx.headerTrust) : undefined)),
    html,
    bodyText,
    ruleText,
    words: folded,
    phrases,
    urls: extracted.urls,
    sender,
    recipientDomains,
    protectedLabels,
    claims: brandClaims(partial, proseRaw, deps.brands),
    disguises: findDisguises({ displayName: sender.displayName, subject: message.subject, linkTexts: extracted.urls.flatMap((u) => u.texts).slice(0, 50) }, deps.brands, deps.lexicon),
    brands: deps.brands,
    language: guessLanguage(folded),
    classification: null,
    judgement: null,
    fired: [],
    coverage,
  };
  return facts;
}
