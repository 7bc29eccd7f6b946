/**
 * Claim versus mention (docs/detection.md "Who does the mail claim to be?"). Only the sender's own
 * presentation claims a brand; in the subject and the text a brand is just as often named as something
 * else: the way to pay ("we accept Apple Pay", "mit PayPal bezahlen"), a shop where an offer holds ("10 %
 * bei Zalando", "Amazon Benefits at <employer>"), a co-brand ("your PayPal Cashback Mastercard" in the card
 * issuer's mail) or one shop in a list ("chez Fnac, Zalando, Decathlon"). Such a naming is a mention and
 * never makes the mail an impostor; "your PayPal account", "votre compte PayPal" stays a claim whatever
 * surrounds it. A brand right after the sender's own name, as its domain spells it ("Lockergnome Apple
 * Core" <…@lockergnome.com>, "[Bytegarden Apple Digest]"), names what the sender publishes about: its
 * newsletter's topic or its product line, a mention as well. Reads a fixed window of words around each
 * naming: linear in the text.
 */
import type { Brand } from './data/brand-types.js';
import type { BrandSpan } from './brand-index.js';
import { READER_POSSESSIVES as POSSESSIVES } from './lexicon/types.js';

/** What a brand's customer has with it: naming it after "your" is the brand addressing its customer. */
const ACCOUNT_NOUNS: ReadonlySet<string> = new Set(['account', 'accounts', 'id', 'login', 'profile', 'page', 'channel', 'seite', 'pagina', 'wallet', 'membership', 'subscription', 'konto', 'kundenkonto', 'profil', 'mitgliedschaft', 'abo', 'abonnement', 'compte', 'espace', 'identifiant', 'cuenta', 'perfil', 'suscripcion', 'conto', 'profilo', 'abbonamento', 'conta', 'assinatura', 'rekening', 'lidmaatschap']);

/** Words that make the next brand (directly or after one preposition) the way to pay. */
const PAYMENT_WORDS: ReadonlySet<string> = new Set([
  'pay', 'paying', 'paid', 'payment', 'payments', 'checkout', 'accept', 'accepts', 'accepted', 'accepting',
  'bezahlen', 'zahlen', 'bezahlung', 'zahlung', 'zahlungsart', 'zahlungsarten', 'akzeptieren', 'akzeptiert',
  'payer', 'paiement', 'paiements', 'regler', 'reglez', 'acceptons', 'accepte', 'acceptes', 'acceptees',
  'pagar', 'pago', 'pagos', 'pagare', 'pagamento', 'pagamenti', 'betalen', 'betaal', 'betaling', 'aceptamos', 'accettiamo',
]);
/** "pay with", "zahlen mit", "payer par": the preposition between the payment word and the brand. */
const PAYMENT_PREPOSITIONS: ReadonlySet<string> = new Set(['with', 'by', 'via', 'using', 'through', 'mit', 'per', 'uber', 'avec', 'par', 'con', 'met', 'com']);
/** The brand right after which a payment word follows: "Apple Pay", "mit PayPal bezahlen", "PayPal-Zahlung". */
const PAYMENT_AFTER: ReadonlySet<string> = new Set(['pay', 'bezahlen', 'zahlen', 'zahlung', 'payer', 'pagar', 'pagare', 'betalen', 'checkout', 'express']);
/** The shop where an offer holds: "15 % off at Apple", "10 % Rabatt bei Zalando", "remboursé chez Fnac". */
const PLACE_WORDS: ReadonlySet<string> = new Set(['at', 'bei', 'chez', 'presso', 'bij']);
/** A partner programme named after the brand: "Amazon Benefits at Northwind", "Zalando-Vorteile". */
const PARTNER_AFTER: ReadonlySet<string> = new Set(['benefits', 'perks', 'partner', 'partners', 'vorteile', 'vorteil', 'partnerangebot', 'avantages', 'partenaire', 'partenaires', 'ventajas', 'vantaggi', 'voordelen']);

/** Words between two namings that still make them one list or one co-brand ("Fnac, Zalando", "PayPal Cashback Mastercard"). */
const LIST_GAP = 2;

function isClaimContext(words: readonly string[], span: BrandSpan): boolean {
  const before = words[span.index - 1] ?? '';
  const after = words[span.index + span.length] ?? '';
  const last = words[span.index + span.length - 1] ?? '';
  // "your PayPal account", "Ihr PayPal-Konto", "your Apple ID" (the keyword itself ends in the noun).
  if (POSSESSIVES.has(before) && (ACCOUNT_NOUNS.has(after) || ACCOUNT_NOUNS.has(last))) return true;
  // "votre compte PayPal", "su cuenta de PayPal", "il tuo conto PayPal".
  const noun = before === 'de' || before === 'di' || before === 'do' ? (words[span.index - 2] ?? '') : before;
  const owner = words[span.index - (noun === before ? 2 : 3)] ?? '';
  return ACCOUNT_NOUNS.has(noun) && POSSESSIVES.has(owner);
}

/** "Sign in with your Google account", "pay using your PayPal account": the reader's account as the way to do something, a mention. */
const METHOD_WORDS: ReadonlySet<string> = new Set(['with', 'using', 'via', 'through', 'mit', 'uber', 'avec', 'con', 'met', 'com']);

/**
 * The brand addressing its customer about their account ("your PayPal account has been limited", "votre
 * compte PayPal"): the sender's own presentation, a claim by itself (docs/detection.md "Who does the mail claim
 * to be?"), unless the account is only the way to sign in or pay ("sign in with your Google account").
 */
export function accountClaims(words: readonly string[], spans: readonly BrandSpan[]): Map<Brand, number> {
  const counts = new Map<Brand, number>();
  for (const span of spans) {
    if (!isClaimContext(words, span)) continue;
    const possessive = POSSESSIVES.has(words[span.index - 1] ?? '') ? span.index - 1 : [2, 3].map((back) => span.index - back).find((i) => POSSESSIVES.has(words[i] ?? '')) ?? span.index - 1;
    if (METHOD_WORDS.has(words[possessive - 1] ?? '')) continue;
    counts.set(span.brand, (counts.get(span.brand) ?? 0) + 1);
  }
  return counts;
}

/** A sum to spend or redeem at the shop: "spend your 500 at", "einlösen bei", "à dépenser chez". */
const SPEND_WORDS: ReadonlySet<string> = new Set(['spend', 'spent', 'redeem', 'redeemable', 'ausgeben', 'einlosen', 'einzulosen', 'depenser', 'utiliser', 'gastar', 'spendere', 'besteden']);
const spendsThere = (words: readonly string[], at: number): boolean => [1, 2, 3].some((back) => SPEND_WORDS.has(words[at - back] ?? ''));

function isMentionContext(words: readonly string[], span: BrandSpan, neighbours: { previous: BrandSpan | undefined; next: BrandSpan | undefined; inList: boolean }): boolean {
  const before = words[span.index - 1] ?? '';
  const after = words[span.index + span.length] ?? '';
  const last = words[span.index + span.length - 1] ?? '';
  if (PAYMENT_WORDS.has(before) || (PAYMENT_PREPOSITIONS.has(before) && PAYMENT_WORDS.has(words[span.index - 2] ?? ''))) return true;
  if (PAYMENT_AFTER.has(after) || (span.length > 1 && last === 'pay')) return true;
  // "at PayPal" after an account noun is where the account is ("your account at PayPal"), not a shop; a sum
  // to spend there ("how will you spend your $500 at eBay") is a gift card in the brand's name, the prize lure.
  if (PLACE_WORDS.has(before) && !ACCOUNT_NOUNS.has(words[span.index - 2] ?? '') && !spendsThere(words, span.index - 1)) return true;
  if (PARTNER_AFTER.has(after)) return true;
  // Another brand named within a word or two: a list of shops or a co-branded product. Two names side by
  // side are one name as often ("Lloyds TSB"): they are a co-brand only with a card scheme or payment
  // service among them ("PayPal Mastercard"), a list only with a third name ("Fnac, Zalando, Decathlon").
  const { previous, next, inList } = neighbours;
  const gap = (o: BrandSpan): number => (o.index >= span.index + span.length ? o.index - (span.index + span.length) : span.index - (o.index + o.length));
  const near = (o: BrandSpan | undefined): boolean => {
    if (o === undefined || o.brand === span.brand || gap(o) > LIST_GAP) return false;
    return gap(o) > 0 || o.brand.sector === 'payment' || span.brand.sector === 'payment' || inList;
  };
  return near(previous) || near(next);
}

/** "… and more", "… und mehr", "… et bien d'autres": the end of a list cut short. */
const AND_WORDS: ReadonlySet<string> = new Set(['and', 'und', 'et', 'y', 'e', 'en', 'or', 'oder', 'ou', 'many', 'viele', 'bien']);
const MORE_WORDS: ReadonlySet<string> = new Set(['more', 'others', 'mehr', 'andere', 'weitere', 'plus', 'autres', 'mas', 'otros', 'altro', 'altri', 'meer', 'andere']);

/**
 * For each naming (in text order), whether it stands in a list: a run of brands each within LIST_GAP words
 * of the next, three or more of them, or two followed by "and more" ("Amazon, Zalando und mehr").
 */
function listMembers(words: readonly string[], ordered: readonly BrandSpan[]): boolean[] {
  const member = new Array<boolean>(ordered.length).fill(false);
  let start = 0;
  for (let i = 1; i <= ordered.length; i++) {
    const prev = ordered[i - 1]!;
    const cur = ordered[i];
    if (cur !== undefined && cur.index - (prev.index + prev.length) <= LIST_GAP) continue;
    const run = ordered.slice(start, i);
    const brands = new Set(run.map((s) => s.brand)).size;
    const end = prev.index + prev.length;
    const andMore = AND_WORDS.has(words[end] ?? '') && (MORE_WORDS.has(words[end + 1] ?? '') || MORE_WORDS.has(words[end + 2] ?? ''));
    if (brands >= 3 || (brands === 2 && andMore)) for (let j = start; j < i; j++) member[j] = true;
    start = i;
  }
  return member;
}

/** Shortest own name read before a brand: shorter domain labels are ordinary words ("news", "mac"). */
const MIN_OWN_NAME = 6;
/** Words an own name is written in ("Byte Garden" for bytegarden.com). */
const MAX_OWN_NAME_WORDS = 4;

/**
 * Is this naming right after the sender's own name (`ownName`: its registrable domain's label without
 * hyphens, "lockergnome"), written as one to four words? Not when the own name carries the brand's own
 * words ("applenews" before "Apple"): a domain built on the brand's name is the look-alike rules' business,
 * not a publisher's.
 */
export function followsOwnName(words: readonly string[], span: BrandSpan, ownName: string): boolean {
  if (ownName.length < MIN_OWN_NAME) return false;
  if (ownName.includes(words.slice(span.index, span.index + span.length).join(''))) return false;
  let joined = '';
  for (let back = 1; back <= MAX_OWN_NAME_WORDS && span.index - back >= 0; back++) {
    joined = (words[span.index - back] ?? '') + joined;
    if (joined === ownName) return true;
    if (joined.length >= ownName.length) return false;
  }
  return false;
}

/**
 * Counts of the namings of each brand in the sender's own presentation (display name, address): every
 * naming except one right after the sender's own name ("Lockergnome Apple Core"). `ownName` is empty when
 * that reading does not apply (free-mail, a risky ask, an offer: facts.ts).
 */
export function presentedMentions(words: readonly string[], spans: readonly BrandSpan[], ownName = ''): Map<Brand, number> {
  const counts = new Map<Brand, number>();
  for (const span of spans) {
    if (followsOwnName(words, span, ownName)) continue;
    counts.set(span.brand, (counts.get(span.brand) ?? 0) + 1);
  }
  return counts;
}

/**
 * Counts of the namings of each brand that may claim it: every naming except those read as a mention
 * (above). A naming in a claim's own words ("your <brand> account") always counts.
 */
export function claimingMentions(words: readonly string[], spans: readonly BrandSpan[], ownName = ''): Map<Brand, number> {
  const counts = new Map<Brand, number>();
  // In text order, so that a list's namings are each other's neighbours.
  const ordered = [...spans].sort((a, b) => a.index - b.index);
  const inList = listMembers(words, ordered);
  for (const [i, span] of ordered.entries()) {
    if (isClaimContext(words, span)) {
      counts.set(span.brand, (counts.get(span.brand) ?? 0) + 1);
      continue;
    }
    if (followsOwnName(words, span, ownName) || isMentionContext(words, span, { previous: ordered[i - 1], next: ordered[i + 1], inList: inList[i]! })) continue;
    counts.set(span.brand, (counts.get(span.brand) ?? 0) + 1);
  }
  return counts;
}
