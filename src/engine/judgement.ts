/**
 * The three questions a verdict rests on (docs/detection.md "How a verdict is reached"), answered once per
 * message as facts with their evidence:
 *   1. who does the mail claim to be (a catalogued brand named in the display name, sender address,
 *      subject, text or logo text — never a social network named only in a footer);
 *   2. is the sender that identity (sender organisation, aligned authentication, where the links go);
 *   3. what does it ask the reader to do (sign in, pay, buy gift cards, change bank details, call a
 *      number, open an attachment).
 * Deceptive mechanisms (lying link text, look-alike hosts, web-page attachments, forms) come from the rules
 * that detect them; see detectors/impersonation.ts.
 */
import type { Brand } from './data/brand-types.js';
import { TRACKER_DOMAINS } from './data/domains.js';
import type { MessageFacts } from './facts.js';
import type { Ask, AskKind, BrandClaim, Judgement, LinkSummary } from './judgement-types.js';
import { AUTO_REPLY_SUBJECT } from './auto-reply.js';
import { categoryOf } from './lexicon/index.js';
import { STORY_CATEGORIES } from './lexicon/types.js';
import { billsFor, carriesUsersInvoices, ownedOrSentFor } from './delegates.js';
import { sameOrganisation } from './organisation.js';
import { isSocialFooterHost, SOCIAL_BRAND_NAMES } from './social.js';
import { isUserContentLink } from './user-content.js';
import { isUnlistedDomainOf } from './unlisted-brand-domain.js';

/** A display name (3 points) alone, or subject (2) plus text, makes a claim (docs/detection.md). */
export const CLAIM_THRESHOLD = 3;

const ASK_OF_CATEGORY: Record<string, AskKind> = {
  credential: 'sign in or give credentials',
  payment: 'pay or give card details',
  giftcard: 'buy gift cards',
  wire: 'change bank details or wire money',
  bank_change: 'change bank details or wire money',
  crypto: 'connect a crypto wallet or claim tokens',
};

/** "call (800) 555-0199", "appelez le 01 23 45 67 89": a call-back request with a number. */
// ASCII words, so no "u" flag: with it V8 matched this case-insensitive alternation nine times slower, and
// it runs over every message's whole text (docs/performance.md).
const CALL_WORD = /\b(?:call|phone|ring|dial|appelez|contactez|rufen|anrufen|llame|llamar|chiama|chiamare|bel|ligue|ligar)\b/gi;
// [\s\S], not ".": the number often sits on the next line ("call our billing desk at\n+1 (808) …").
const PHONE = /^[\s\S]{0,60}?(\+?\d[\d\s().-]{7,18}\d)/u;

/** What a call-back scam is about: a charge or purchase to dispute ("if you do not recognise it"), a renewal to cancel, a refund to claim. */
const MONEY_CONTEXT = /\b(?:charged?|debited|refunds?|cancel\w*|renew\w*|subscription|unauthori[sz]ed|fraud\w*|rembours\w*|annul\w*|abbuchung|erstattung|reembolso|cancelar|rimborso|annullare|terugbetaling|annuleren|reembolso|cancelamento|purchase|compra|achat|kauf|acquisto|aankoop|recogni[sz]e|reconhe\w*|reconoc\w*|reconnai\w*|erkennen)\b/i;

function callBack(text: string): string | null {
  let seen = 0;
  for (const match of text.matchAll(CALL_WORD)) {
    if (++seen > 30) break;
    const at = match.index ?? 0;
    const after = text.slice(at + match[0].length, at + match[0].length + 70);
    const phone = PHONE.exec(after)?.[1];
    if (!phone || phone.replace(/\D/g, '').length < 9) continue;
    if (MONEY_CONTEXT.test(text.slice(Math.max(0, at - 250), at + 120))) return `${match[0]} ${phone.trim()}`;
  }
  return null;
}

/** Is a claim made only by a social network's name in a footer or a social icon's image text? */
function footerOnly(claim: BrandClaim): boolean {
  if (!SOCIAL_BRAND_NAMES.has(claim.brand.name)) return false;
  return claim.where.every((w) => w === 'text' || w === 'image text');
}

/** "Fwd: …", "TR: …", "WG: …", or a forwarded-message divider: the brand in the text is the forwarded mail's. */
export const FORWARD_SUBJECT = /^\s*(?:fwd?|tr|wg|rv|i|enc|doorst)\s*:/i;
// Starts only where a run of dashes starts (lookbehind): linear on long runs (docs/performance.md).
const FORWARD_DIVIDER = /(?<!-)-{2,}\s*(?:forwarded message|original message|message transf[ée]r[ée]|weitergeleitete nachricht|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht|mensagem encaminhada)/i;

export function isForwarded(facts: Pick<MessageFacts, 'message' | 'bodyText'>): boolean {
  // The forwarded message itself, unwrapped by the engine: its text is its own.
  if (facts.message.forwardedBy !== undefined) return false;
  return FORWARD_SUBJECT.test(facts.message.subject) || FORWARD_DIVIDER.test(facts.bodyText.slice(0, 5000));
}


function countingClaims(facts: MessageFacts): BrandClaim[] {
  const forwarded = isForwarded(facts);
  const autoReply = AUTO_REPLY_SUBJECT.test(facts.message.subject);
  return facts.claims.filter((c) => {
    if (c.score < CLAIM_THRESHOLD || footerOnly(c)) return false;
    if (forwarded && c.where.every((w) => w === 'text' || w === 'image text' || w === 'your account')) return false;
    // The brand in an automatic reply's subject is the original mail's; it claims only with more than the subject.
    return !(autoReply && c.where.includes('subject') && c.score - 2 < CLAIM_THRESHOLD);
  });
}

/**
 * Plain correspondence (docs/detection.md "How a verdict is reached"): no claimed identity the sender is
 * not, no risky ask, no threat to the reader's account and no offer. A deadline and a link to a form or a shared document
 * are how colleagues, schools and clubs write; scoring.ts keeps such mail below suspicious.
 */
export function isPlainCorrespondence(facts: Pick<MessageFacts, 'judgement' | 'phrases'>): boolean {
  const j = facts.judgement;
  if (j === null || j.asks.length > 0) return false;
  // A claim the sender stands behind (Google's own share notice from google.com) is no impersonation.
  if (j.claim !== null && !(j.sentByClaimed === true && j.mismatch === null)) return false;
  return !facts.phrases.some((p) => STORY_CATEGORIES.has(categoryOf(p.tag)));
}

/** A claim in the display name or the sender's address: the mail presenting itself as the brand, not writing about it. */
export const isStrongClaim = (claim: BrandClaim): boolean => claim.where.some((w) => w === 'display name' || w === 'sender address');

/**
 * The strongest display-name or sender-address claim the sender does not stand behind, even when a
 * stronger claim names the sender itself: "Microsoft Account Team (via Google Forms)" from google.com
 * claims Microsoft, whatever it says about Google.
 */
function mismatchOf(facts: MessageFacts, claims: readonly BrandClaim[], asks: readonly Ask[]): BrandClaim | null {
  return claims.find((c) => isStrongClaim(c) && !sentBy(facts, c.brand, asks)) ?? null;
}

function authenticatedSender(facts: MessageFacts): boolean {
  const { auth, sender } = facts;
  if (!sender.domain || auth.dmarc === 'fail' || auth.spf === 'fail') return false;
  return auth.dmarc === 'pass' || auth.dkimPassDomains.some((d) => sameOrganisation(d, sender.domain));
}

/**
 * A billing platform may mail invoices in a company's name (delegates.ts billsFor), but anyone can open a
 * merchant account: an invoice in a brand's name that asks you to call a number about a charge is the
 * call-back scam, not the brand. True when the platform is all that stands behind the brand here.
 */
export function callBackThroughBillingPlatform(facts: Pick<MessageFacts, 'sender'>, brand: Brand, asks: readonly Ask[]): boolean {
  return billsFor(facts.sender.ownBrand, brand) && asks.some((a) => a.kind === 'call a phone number');
}

/**
 * A platform that mails its users' invoices and money requests (PayPal, the billing platforms: delegates.ts)
 * asks, in a user's note, to call a number about a charge, a renewal or a refund: the call-back scam sent
 * through the platform. The platform's domain vouches for the platform, not for that note.
 */
export function callBackThroughUsersInvoice(facts: Pick<MessageFacts, 'sender'>, asks: readonly Ask[]): boolean {
  return carriesUsersInvoices(facts.sender.ownBrand) && asks.some((a) => a.kind === 'call a phone number');
}

/**
 * The mail names the claimed brand only in its subject or text, asks for nothing, and most of its links
 * stay on the sender's own site or it has neither link nor attachment (not free-mail): the sender writing about the brand (a tech newsletter on
 * Microsoft, a shop on the iPhone it sells), not presenting itself as the brand. BRAND_SPOOFING also
 * requires that no deceptive mechanism fired.
 */
export function writesAboutClaimedBrand(facts: Pick<MessageFacts, 'judgement' | 'sender' | 'message'>): boolean {
  const j = facts.judgement;
  if (!j?.claim || facts.sender.freemail || j.asks.length > 0) return false;
  if (isStrongClaim(j.claim)) return false;
  // No link and nothing attached: nowhere to lead the reader (a reseller's renewal notice, a repair shop's
  // "your Samsung is ready"). A call-back lure asks for the call (asks above) or hides it in an attachment.
  if (j.links.total === 0 && facts.message.attachments.length === 0) return true;
  return j.links.own > 0 && j.links.own >= j.links.foreignCount;
}

function sentBy(facts: MessageFacts, brand: Brand, asks: readonly Ask[]): boolean {
  const { sender, auth, brands } = facts;
  if (callBackThroughBillingPlatform(facts, brand, asks)) return false;
  if (auth.dkimPassDomains.some((d) => ownedOrSentFor(brands, brand, d))) return true;
  if (!sender.domain || !ownedOrSentFor(brands, brand, sender.domain)) return false;
  return auth.dmarc !== 'fail' && auth.spf !== 'fail';
}

function summariseLinks(facts: MessageFacts, brand: Brand | null): LinkSummary {
  const summary: LinkSummary = { total: 0, own: 0, neutral: 0, foreign: [], foreignCount: 0, foreignOrganisations: 0 };
  const organisations = new Set<string>();
  for (const u of facts.urls) {
    const info = u.info;
    // A URL shown only as the text of a link that leads elsewhere is no link of the mail's (url-extract.ts).
    if (!info || u.linkTextOnly || u.kind === 'img' || u.kind === 'iframe' || (info.scheme !== 'http' && info.scheme !== 'https') || !info.host) continue;
    summary.total++;
    // A user's page on a platform (a Google Form, a shared file) is nobody's own link (user-content.ts).
    const userContent = isUserContentLink(info);
    const senderOrganisation = sameOrganisation(info.host, facts.sender.domain);
    const own = !userContent && ((!facts.sender.freemail && senderOrganisation) || (brand !== null && ownedOrSentFor(facts.brands, brand, info.host)));
    if (own) summary.own++;
    // A free-mail sender linking to its provider's own site (a Sky or Orange mailbox, or the provider's
    // own notice from it) points nobody to a lure: neither the sender's own link nor a foreign one.
    else if (TRACKER_DOMAINS.has(info.domain) || isSocialFooterHost(info.host) || (facts.sender.freemail && senderOrganisation && !userContent)) summary.neutral++;
    else {
      summary.foreignCount++;
      organisations.add(info.domain || info.host);
      if (summary.foreign.length < 5 && !summary.foreign.includes(info.host)) summary.foreign.push(info.host);
    }
  }
  summary.foreignOrganisations = organisations.size;
  return summary;
}

/**
 * The sender writes from a recipient's (or the tenant's) own organisation. `recipientDomains` never holds a
 * recipient's free-mail domain (facts.ts), so two gmail.com users are not one organisation. Its HR and IT
 * name "your company credentials" when they announce a portal (lexicon category `org_credential`); a
 * colleague's note, an internal QR-code notice and internal mail's scoring read it too.
 */
export function writesFromRecipientsOrganisation(facts: Pick<MessageFacts, 'sender' | 'recipientDomains'>): boolean {
  return facts.sender.registrable !== '' && facts.recipientDomains.has(facts.sender.registrable);
}

function asksOf(facts: MessageFacts): Ask[] {
  const asks: Ask[] = [];
  const add = (kind: AskKind, evidence: string): void => {
    if (!asks.some((a) => a.kind === kind)) asks.push({ kind, evidence });
  };
  const insider = writesFromRecipientsOrganisation(facts);
  for (const hit of facts.phrases) {
    const category = categoryOf(hit.tag);
    const kind = category === 'org_credential' ? (insider ? undefined : ASK_OF_CATEGORY.credential) : ASK_OF_CATEGORY[category];
    if (kind) add(kind, hit.text);
  }
  if (facts.html && facts.html.passwordInputs > 0) add('sign in or give credentials', 'a password field in the mail');
  const call = callBack(facts.ruleText.slice(0, 20_000));
  if (call) add('call a phone number', call);
  return asks;
}

export function judge(facts: MessageFacts): Judgement {
  const claims = countingClaims(facts);
  const claim = claims[0] ?? null;
  const asks = asksOf(facts);
  const links = summariseLinks(facts, claim?.brand ?? facts.sender.ownBrand);
  const sentByClaimed = claim ? sentBy(facts, claim.brand, asks) : null;
  return {
    claim,
    mismatch: mismatchOf(facts, claims, asks),
    senderOrganisation: facts.sender.domain ? facts.sender.registrable : '',
    authenticated: authenticatedSender(facts),
    sentByClaimed,
    links,
    asks,
    unlistedDomain: claim !== null && sentByClaimed === false && isUnlistedDomainOf(facts, claim.brand, links, asks.length),
  };
}
