import type { Detector, DetectorInput } from '../detector.js';
import { callBackThroughUsersInvoice, isStrongClaim } from '../judgement.js';
import { categoryOf } from '../lexicon/index.js';
import { READER_POSSESSIVES } from '../lexicon/types.js';
import { sameOrganisation } from '../organisation.js';
import { webLinks } from './links.js';

/**
 * Rules that show a deceptive mechanism, with the strength from which it counts (docs/detection.md "How a
 * verdict is reached"): link text that lies about a brand's or the recipient's domain, look-alike hosts,
 * pages on hosts where anyone can publish, web pages or programs as attachments, a password form,
 * disguised names.
 */
export const MECHANISM_RULES: ReadonlyMap<string, number> = new Map([
  ['HREF_TEXT_MISMATCH', 0.8], ['URL_LOOKALIKE', 0.8], ['SENDER_LOOKALIKE', 0.8], ['URL_HOMOGRAPH', 1], ['URL_USERINFO', 1], ['URL_IP_HOST', 1], ['URL_DATA_OR_JAVASCRIPT', 1],
  ['URL_FREE_HOSTING', 1], ['ATTACH_HTML', 0.8], ['ATTACH_EXECUTABLE', 1], ['ATTACH_MACRO', 0.8], ['ATTACH_DOUBLE_EXTENSION', 1], ['HTML_FORM', 1], ['DISGUISED_TEXT', 0.8],
]);

export const hasMechanism = (input: DetectorInput): boolean => mechanismOf(input) !== null;

/** The first deceptive mechanism found; with `brand`, only one about that brand or about no brand in particular. */
export function mechanismOf(input: DetectorInput, brand?: string): string | null {
  const hit = input.fired.find((f) => (MECHANISM_RULES.get(f.id) ?? Infinity) <= f.strength && (brand === undefined || f.brand === undefined || f.brand === brand));
  return hit ? hit.reason : null;
}

/**
 * Phishing as the decision model defines it: a claimed identity the sender is not, together with a risky
 * ask or a deceptive mechanism. Runs after the other rules (it reads their mechanisms). The classifier can
 * never clear a message on which this fires (scoring.ts).
 */
export const impersonationWithAsk: Detector = {
  id: 'IMPERSONATION_WITH_ASK',
  group: 'identity',
  stage: 2,
  identityIntent: true,
  indicator: 'impersonation',
  description: 'Claims to be a brand the sender is not (or spoofs the brand\'s own address while its links go elsewhere) and asks for credentials, payment, gift cards, bank details or a call, uses a deceptive mechanism, or offers a prize in the brand\'s name with a link elsewhere',
  run(input) {
    const j = input.judgement;
    if (!j?.claim) return [];
    // The claim the sender does not stand behind, when a stronger one names the sender itself.
    const claim = j.sentByClaimed === false || !j.mismatch ? j.claim : j.mismatch;
    const { links, asks } = j;
    const sentByClaimed = claim === j.claim ? j.sentByClaimed : false;
    const brand = claim.brand.name;
    const strongClaim = isStrongClaim(claim);
    // A claim made only in the subject or text (a newsletter writing about Microsoft) counts with a
    // mechanism only when the mechanism is about that brand.
    const mechanism = strongClaim ? mechanismOf(input) : mechanismOf(input, brand);
    // A prize or reward in the brand's name from a sender that is not the brand, leading elsewhere ("You have
    // been selected for an eBay gift card", "Claim your Coinbase reward"): the survey and reward lure. Its ask
    // waits on the page the link opens, so the offer stands for it.
    const offer = asks.length === 0 && !mechanism && sentByClaimed === false && links.foreignCount > 0
      ? input.phrases.find((p) => categoryOf(p.tag) === 'prize')?.text ?? null
      : null;
    if (asks.length === 0 && !mechanism && !offer) return [];
    // The sender's own unlisted domain of the brand, asking nothing (unlisted-brand-domain.ts).
    if (j.unlistedDomain && !mechanism) return [];
    let strength: number;
    let who: string;
    if (sentByClaimed === false) {
      // A weak claim (subject, text) from a sender whose links all stay at home is that sender's own mail
      // mentioning the brand ("paid with PayPal"), not an impersonation.
      // Not when the sender is a platform carrying a user's invoice that asks to call about a charge: its
      // links are the platform's, the brand and the number are the user's (judgement.ts callBackThroughUsersInvoice).
      if (!strongClaim && links.foreignCount === 0 && links.own > 0 && !callBackThroughUsersInvoice(input, asks)) return [];
      strength = strongClaim ? 1 : 0.7;
      who = input.sender.address ? `comes from ${input.sender.registrable || input.sender.address}` : 'has no sender address';
    } else if (!j.authenticated && links.own === 0 && links.foreignCount > 0) {
      // The brand's own address, unauthenticated, with every link elsewhere: a forged From.
      strength = 0.7;
      who = `uses ${brand}'s address ${input.sender.domain} without authentication while its links go to ${links.foreign[0]}`;
    } else {
      return [];
    }
    if (offer) strength *= 0.7;
    const ask = asks[0] ? `asks you to ${asks[0].kind} ("${asks[0].evidence}")` : offer ? `offers a prize or reward in its name ("${offer}")` : '';
    const how = mechanism ? `${ask ? '; ' : ''}${mechanism.charAt(0).toLowerCase()}${mechanism.slice(1)}` : '';
    return [{ strength, reason: `Claims to be ${brand} (${claim.where.join(', ')}) but ${who}, and ${ask}${how}`, brand }];
  },
};

/** LINKS_DISOWN_SENDER's strength when the mail threatens the account instead of asking for something. */
const THREAT_ONLY = 0.7;

/**
 * Words that address the reader: a threat counts only when it is to the reader's own account ("your account
 * will be locked"), not a report ("mailbox temporarily suspended" in a bounce, "a security breach" in a
 * newsletter). The possessives, their plural forms and "you".
 */
const READERS_OWN: ReadonlySet<string> = new Set([...READER_POSSESSIVES, 'you', 'tes', 'ihrer', 'deinen', 'sus', 'tus', 'seus', 'suas', 'tuoi', 'tue', 'vostro', 'vostra', 'vostri', 'vostre']);

/**
 * The sender's own organisation does not stand behind the mail's links: an unauthenticated sender whose
 * every link goes to unrelated hosts, asking for credentials, payment or bank details. The classic forged
 * bank notice from the bank's own (spoofed) address, for banks the catalogue does not know.
 */
export const linksDisownSender: Detector = {
  id: 'LINKS_DISOWN_SENDER',
  group: 'identity',
  stage: 2,
  indicator: 'credential_request',
  description: "An unauthenticated sender whose every link goes to unrelated hosts, and which asks for credentials, payment or bank details, or threatens the reader's account",
  run(input) {
    const j = input.judgement;
    if (!j || j.authenticated || input.sender.freemail || !input.sender.registrable) return [];
    if (j.links.own > 0 || j.links.foreignCount === 0) return [];
    const ask = j.asks.find((a) => a.kind !== 'call a phone number' && a.kind !== 'buy gift cards');
    if (!ask) {
      // No ask the lexicon reads, but a threat to the reader's account ("your account will be locked, your
      // files deleted") and only other hosts to act on: the storage-full lure's ask is the button itself.
      const threat = input.phrases.find((p) => categoryOf(p.tag) === 'threat' && p.text.split(' ').some((w) => READERS_OWN.has(w)));
      if (!threat) return [];
      return [{ strength: THREAT_ONLY, reason: `Comes from ${input.sender.registrable}, but none of its links do: they go to ${j.links.foreign.slice(0, 2).join(', ')}; and it threatens your account ("${threat.text}")` }];
    }
    // A payment asked for on a payment service's own page (a gym's Direct Debit retry on GoCardless, a town
    // hall's card payment on Redsys, a club's on HelloAsso or PayPal): how small organisations take
    // payment, and the service's page names who is paid; no page of the mail's own making collects anything.
    if (j.asks.every((a) => a.kind === 'pay or give card details') && paymentServicePagesOnly(input)) return [];
    return [{ strength: 1, reason: `Comes from ${input.sender.registrable}, but none of its links do: they go to ${j.links.foreign.slice(0, 2).join(', ')}; and it asks you to ${ask.kind} ("${ask.evidence}")` }];
  },
};

/** Every link that leaves the sender's organisation goes to a catalogued payment service's own domain. */
function paymentServicePagesOnly(input: DetectorInput): boolean {
  const away = webLinks(input).filter((u) => !sameOrganisation(u.info!.host, input.sender.domain));
  return away.length > 0 && away.every((u) => input.brands.ownerOf(u.info!.host)?.sector === 'payment');
}
