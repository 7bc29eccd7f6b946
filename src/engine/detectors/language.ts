import type { Detector, DetectorHit, DetectorInput } from '../detector.js';
import { categoryOf } from '../lexicon/index.js';
import { SCAM_STORY_CATEGORIES, type LexiconCategory } from '../lexicon/types.js';
import { trimEndMatching } from '../../core/trim.js';
import { isAutomaticReply } from '../auto-reply.js';
import { writesFromRecipientsOrganisation } from '../judgement.js';

/** 1 distinct phrase → 0.6, 2 → 0.85, 3 or more → 1: repetition of the pressure is the signal. */
const strengthFor = (distinct: number): number => (distinct >= 3 ? 1 : distinct === 2 ? 0.85 : 0.6);

/**
 * Distinct phrases of `categories`. Those of a `once` category count as one however many there are: a
 * supplier's letter announcing its new bank details says so three ways ("nouveau RIB", "changement de
 * coordonnées", "mettre à jour nos coordonnées bancaires"), one fact that BANK_DETAILS_UNVERIFIED weighs.
 */
function phrasesOf(input: DetectorInput, categories: readonly LexiconCategory[], once?: LexiconCategory): string[] {
  const seen: string[] = [];
  let onceSeen = false;
  for (const hit of input.phrases) {
    const category = categoryOf(hit.tag);
    if (!categories.includes(category) || seen.includes(hit.text)) continue;
    if (category === once) {
      if (onceSeen) continue;
      onceSeen = true;
    }
    seen.push(hit.text);
  }
  return seen;
}

function languageRule(id: string, categories: readonly LexiconCategory[], describe: (quoted: string) => string, indicator: Detector['indicator'], description: string, once?: LexiconCategory, amplifiers: readonly LexiconCategory[] = []): Detector {
  return {
    id,
    group: 'language',
    indicator,
    description,
    run(input): DetectorHit[] {
      const own = phrasesOf(input, categories, once);
      if (own.length === 0) return [];
      // Amplifiers never fire a rule; beside a phrase of its own they count as one more, however many
      // ways they are said ("are you available … keep it between us" is one opening).
      const amplifier = amplifiers.length > 0 ? phrasesOf(input, amplifiers).find((p) => !own.includes(p)) : undefined;
      const found = amplifier !== undefined ? [...own, amplifier] : own;
      const quoted = found.slice(0, 3).map((p) => `"${p}"`).join(', ');
      return [{ strength: strengthFor(found.length), reason: describe(quoted) }];
    },
  };
}

export const extortionLanguage = languageRule(
  'EXTORTION_LANGUAGE',
  ['extortion'],
  (q) => `Blackmail language: ${q}`,
  'urgency_pressure',
  'Sextortion and blackmail: claimed spyware or recordings, payment in bitcoin, threats to send a video to the contacts',
);

const urgencyPhrases = languageRule('URGENCY_LANGUAGE', ['urgency', 'threat'], (q) => `Pressure or threat language: ${q}`, 'urgency_pressure', 'Deadlines, threats of suspension or closure, alarm about unusual activity');
/**
 * An automatic reply's pressure words route the absent person's mail ("for anything urgent, contact Pablo",
 * "pour toute demande urgente"): not pressure on the reader, so only its threats count (docs/detection.md, URGENCY_LANGUAGE).
 */
const threatPhrases = languageRule('URGENCY_LANGUAGE', ['threat'], (q) => `Pressure or threat language: ${q}`, 'urgency_pressure', 'Threats of suspension or closure, alarm about unusual activity');

/**
 * Pressure with nothing to act on: no claimed identity, no risky ask, no link leaving the sender's
 * organisation, no attachment, no reply diverted to another domain ("URGENT : dossier à rendre aujourd'hui, dernier délai, au plus vite" from a
 * colleague). However many ways it is said, that is one weak hint, so it counts as one phrase would.
 */
function nothingToActOn(input: DetectorInput): boolean {
  const j = input.judgement;
  if (!j || j.claim !== null || j.asks.length > 0 || j.links.total !== j.links.own || input.message.attachments.length > 0) return false;
  // Replies diverted to another domain are somewhere to act.
  return input.sender.replyTo.every((r) => r.registrable === input.sender.registrable);
}

export const urgencyLanguage: Detector = {
  ...urgencyPhrases,
  run(input, ctx) {
    const hits = (isAutomaticReply(input.message) ? threatPhrases : urgencyPhrases).run(input, ctx) as DetectorHit[];
    return nothingToActOn(input) ? hits.map((h) => ({ ...h, strength: Math.min(h.strength, strengthFor(1)) })) : hits;
  },
};
/**
 * An ask with nowhere to answer it but the brand itself: the From domain is a catalogued brand's, the mail
 * has no web link and no attachment, replies stay with the sender and no phone number is to be called.
 * Forged or not, whoever follows it reaches the brand: Amazon's one-time-code mail quoting "a link to
 * update your account information" in its warning about fake ones (docs/detection.md "Rules", language).
 */
function onlyTheBrandToAnswer(input: DetectorInput): boolean {
  const { sender, judgement } = input;
  if (!sender.ownBrand || !judgement || judgement.links.total > 0 || input.message.attachments.length > 0) return false;
  if (judgement.asks.some((a) => a.kind === 'call a phone number')) return false;
  return sender.replyTo.every((r) => r.registrable === sender.registrable);
}

/** `rule`, its strength capped at `cap` on messages where `when` holds (the language rules' dampers). */
function cappedWhen(rule: Detector, when: (input: DetectorInput) => boolean, cap: number): Detector {
  return {
    ...rule,
    run(input, ctx) {
      const hits = rule.run(input, ctx) as DetectorHit[];
      return when(input) ? hits.map((h) => ({ ...h, strength: Math.min(h.strength, cap) })) : hits;
    },
  };
}

const answeredOnlyByBrand = (rule: Detector): Detector => cappedWhen(rule, onlyTheBrandToAnswer, strengthFor(1) / 2);

const describeCredential = (q: string): string => `Asks to sign in or confirm account details: ${q}`;
const credentialDescription = 'Requests to verify, sign in, or enter passwords and account details';
const credentialPhrases = languageRule('CREDENTIAL_REQUEST', ['credential', 'org_credential'], describeCredential, 'credential_request', credentialDescription);
const insiderCredentialPhrases = languageRule('CREDENTIAL_REQUEST', ['credential'], describeCredential, 'credential_request', credentialDescription);
/**
 * "Log in with your company credentials" (`org_credential`) is an ask from outside the recipients'
 * organisation only: their own HR and IT announce portals that way (judgement.ts writesFromRecipientsOrganisation).
 */
export const credentialRequest = answeredOnlyByBrand({
  ...credentialPhrases,
  run: (input, ctx) => (writesFromRecipientsOrganisation(input) ? insiderCredentialPhrases : credentialPhrases).run(input, ctx),
});
export const paymentRequest = answeredOnlyByBrand(
  languageRule('PAYMENT_REQUEST', ['payment'], (q) => `Asks for a payment or card details: ${q}`, 'credential_request', 'Failed payments, fees to pay, refunds to claim, billing updates'),
);
/**
 * A colleague's note: the sender is in the organisation of a recipient (or the tenant), replies stay
 * there, and authentication does not fail. Business e-mail compromise must get the answer back, so a
 * forged colleague either diverts replies or fails SPF/DMARC; a real colleague organising a leaving present
 * writes "are you available", "keep it between us" and "gift card" as a BEC lure does
 * (docs/detection.md "Rules", language). On such a note the wording of both BEC rules together counts as
 * one phrase would, half each.
 */
function colleagueNote(input: DetectorInput): boolean {
  const { sender, auth } = input;
  if (!writesFromRecipientsOrganisation(input)) return false;
  if (auth.dmarc === 'fail' || auth.spf === 'fail') return false;
  return sender.replyTo.every((r) => r.registrable === sender.registrable);
}

const COLLEAGUE_BEC_STRENGTH = strengthFor(1) / 2;

const damperedForColleagues = (rule: Detector): Detector => cappedWhen(rule, colleagueNote, COLLEAGUE_BEC_STRENGTH);

/**
 * "Are you available?", "keep it between us" (lexicon category `pretext`) open and hush a BEC lure, and a
 * friend's note planning a surprise present just the same. They add one phrase to a transfer or purchase
 * ask they accompany ("I need you to buy …") and fire nothing alone; beside a mere mention of a gift card
 * they are a friend's birthday plan as often as a lure (docs/detection.md "Rules", language).
 */
const BEC_PRETEXT: readonly LexiconCategory[] = ['pretext'];

export const giftCardRequest = damperedForColleagues(
  languageRule('GIFT_CARD_REQUEST', ['giftcard'], (q) => `Mentions gift cards or prepaid codes: ${q}`, undefined, 'Gift cards, prepaid vouchers and their codes (a classic BEC payout)'),
);
const wireOrBankChange = languageRule('WIRE_TRANSFER_REQUEST', ['wire', 'bank_change'], (q) => `Wire-transfer or bank-detail request: ${q}`, undefined, 'Business e-mail compromise: transfers, new bank details; with them, secrecy and "are you available"', 'bank_change', BEC_PRETEXT);

/**
 * A supplier announcing its new bank details to every customer ("Dear customer, our bank details change on
 * 1 December … please confirm by telephone on our usual number before paying") tells the reader to do what
 * BANK_DETAILS_UNVERIFIED advises: check the change on a number the reader already has (lexicon category
 * `known_channel`). Supplier fraud needs the payment to go unchecked; it gives a new number or none. Such a
 * notice's bank-change wording is left to BANK_DETAILS_UNVERIFIED, which still fires from a free-mail
 * address or with replies diverted (docs/detection.md, WIRE_TRANSFER_REQUEST); a transfer ask stays.
 */
const safeguardedBankChange: Detector = {
  ...wireOrBankChange,
  run(input, ctx) {
    if (!input.phrases.some((hit) => categoryOf(hit.tag) === 'known_channel')) return wireOrBankChange.run(input, ctx);
    return wireOrBankChange.run({ ...input, phrases: input.phrases.filter((hit) => categoryOf(hit.tag) !== 'bank_change') }, ctx);
  },
};

export const wireTransferRequest = damperedForColleagues(safeguardedBankChange);
export const scamOfferLanguage = languageRule('SCAM_OFFER_LANGUAGE', SCAM_STORY_CATEGORIES, (q) => `Scam or spam offer: ${q}`, undefined, 'Advance-fee stories, crypto and investment bait, casino bonuses, pills and dating offers, miracle cures');
export const prizeLanguage = languageRule('PRIZE_SCAM_LANGUAGE', ['prize'], (q) => `Prize or reward bait: ${q}`, undefined, 'You have won, you were selected, claim your reward, guaranteed returns');

const GREETING_WORDS = /^\s*(?:dear|hello|hi|hey|attention|bonjour|cher|ch[èe]re|hallo|liebe[r]?|sehr geehrte[r]?|estimad[oa]|hola|gentile|ciao|beste|hallo|ol[áa]|prezad[oa])[\s,:]+([^\s,:!]{1,100})/i;

/** Mailbox names that are not a person's name: "Dear info", "Hello billing". */
const ROLE_MAILBOXES = new Set(['info', 'contact', 'admin', 'office', 'sales', 'support', 'billing', 'accounts', 'account', 'mail', 'email', 'hello', 'team', 'user', 'webmaster', 'postmaster', 'service', 'enquiries', 'reception']);

/**
 * How a greeting uses the recipient's address, if it does. Greeting the full address ("Dear
 * jane.doe@example.com") or a local part that is no name ("Hello jdoe84", "Dear info") is a form letter;
 * greeting a first name that happens to be the local part ("Hi John" to john@…) is how colleagues write.
 */
function greetsByAddress(greeted: string, recipients: readonly string[]): { strength: number; shown: string } | null {
  for (const address of recipients) {
    const local = address.slice(0, address.indexOf('@'));
    if (greeted === address) return { strength: 1, shown: greeted };
    if (greeted !== local) continue;
    if (/[^\p{L}]/u.test(local) || ROLE_MAILBOXES.has(local)) return { strength: 0.8, shown: greeted };
  }
  return null;
}

export const genericGreeting: Detector = {
  id: 'GENERIC_GREETING',
  group: 'language',
  description: 'Impersonal greeting ("Dear Customer", "Cher client") or a greeting that uses the recipient\'s e-mail address instead of a name',
  run(input) {
    const recipients = input.message.to.slice(0, 5).map((r) => r.address.toLowerCase()).filter((a) => a.includes('@'));
    const greetedRaw = GREETING_WORDS.exec(input.bodyText.slice(0, 300))?.[1]?.toLowerCase();
    const greeted = greetedRaw === undefined ? undefined : trimEndMatching(greetedRaw, /[.;]/);
    const byAddress = greeted ? greetsByAddress(greeted, recipients) : null;
    if (byAddress) return [{ strength: byAddress.strength, reason: `Greets the recipient by their e-mail address ("${byAddress.shown}") instead of a name` }];
    const found = phrasesOf(input, ['greeting']);
    return found.length ? [{ strength: 0.6, reason: `Impersonal greeting: "${found[0]}"` }] : [];
  },
};
