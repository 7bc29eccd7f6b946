/**
 * Claim versus mention (docs/detection.md "Who does the mail claim to be?"). Only the sender's own
 * presentation claims a brand; in the subject and the text a brand is just as often named as something
 * else: the way to pay ("we accept Apple Pay", "mit PayPal bezahlen"), a shop where an offer holds ("10 %
 * bei Zalando", "Amazon Benefits at <employer>"), a co-brand ("your PayPal Cashback Mastercard" in the card
 * issuer's mail) or one shop in a list ("chez Fnac, Zalando, Decathlon"). Such a naming is a mention and
 * never makes the mail an impostor; "your PayPal account", "votre compte PayPal" stays a claim whatever
 * surrounds it. Reads a fixed window of words around each naming: linear in the text.
 */
import type { Brand } from './data/brand-types.js';
import type { BrandSpan } from './brand-index.js';

/** "your", "Ihr", "votre" … in the languages of the lexicon. */
const POSSESSIVES: ReadonlySet<string> = new Set(['your', 'ihr', 'ihre', 'ihres', 'ihrem', 'ihren', 'dein', 'deine', 'deinem', 'votre', 'vos', 'ton', 'ta', 'tu', 'su', 'tuo', 'tua', 'suo', 'sua', 'uw', 'jouw', 'je', 'seu', 'teu']);

/** What a brand's customer has with it: naming it after "your" is the brand addressing its customer. */
const ACCOUNT_NOUNS: ReadonlySet<string> = new Set(['account', 'accounts', 'id', 'login', 'profile', 'wallet', 'membership', 'subscription', 'konto', 'kundenkonto', 'profil', 'mitgliedschaft', 'abo', 'abonnement', 'compte', 'espace', 'identifiant', 'cuenta', 'perfil', 'suscripcion', 'conto', 'profilo', 'abbonamento', 'conta', 'assinatura', 'rekening', 'lidmaatschap']);

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

function isMentionContext(words: readonly string[], span: BrandSpan, neighbours: { previous: BrandSpan | undefined; next: BrandSpan | undefined }): boolean {
  const before = words[span.index - 1] ?? '';
  const after = words[span.index + span.length] ?? '';
  const last = words[span.index + span.length - 1] ?? '';
  if (PAYMENT_WORDS.has(before) || (PAYMENT_PREPOSITIONS.has(before) && PAYMENT_WORDS.has(words[span.index - 2] ?? ''))) return true;
  if (PAYMENT_AFTER.has(after) || (span.length > 1 && last === 'pay')) return true;
  // "at PayPal" after an account noun is where the account is ("your account at PayPal"), not a shop.
  if (PLACE_WORDS.has(before) && !ACCOUNT_NOUNS.has(words[span.index - 2] ?? '')) return true;
  if (PARTNER_AFTER.has(after)) return true;
  // Another brand named within a word or two: a list of shops or a co-branded product.
  const near = (o: BrandSpan | undefined): boolean => o !== undefined && o.brand !== span.brand && (o.index >= span.index + span.length ? o.index - (span.index + span.length) : span.index - (o.index + o.length)) <= LIST_GAP;
  return near(neighbours.previous) || near(neighbours.next);
}

/**
 * Counts of the namings of each brand that may claim it: every naming except those read as a mention
 * (above). A naming in a claim's own words ("your <brand> account") always counts.
 */
export function claimingMentions(words: readonly string[], spans: readonly BrandSpan[]): Map<Brand, number> {
  const counts = new Map<Brand, number>();
  // In text order, so that a list's namings are each other's neighbours.
  const ordered = [...spans].sort((a, b) => a.index - b.index);
  for (const [i, span] of ordered.entries()) {
    if (!isClaimContext(words, span) && isMentionContext(words, span, { previous: ordered[i - 1], next: ordered[i + 1] })) continue;
    counts.set(span.brand, (counts.get(span.brand) ?? 0) + 1);
  }
  return counts;
}
