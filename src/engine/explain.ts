/**
 * Reasons a person understands (docs/detection.md "Reasons"): a safe verdict says why it is safe in terms
 * of the three questions — who sent it, where its links go, what it asks — and never quotes the
 * statistical classifier ("resembles legitimate mail: 3 %" explains nothing).
 */
import type { Judgement } from './judgement-types.js';
import type { MessageFacts } from './facts.js';

/** Sentences for a safe verdict, from the judgement's facts. */
export function safeReasons(facts: MessageFacts, judgement: Judgement | null): string[] {
  if (!judgement) return [];
  const reasons: string[] = [];
  const { sender } = facts;
  const { claim, links, asks } = judgement;
  const from = sender.domain || 'an unknown sender';
  if (claim && judgement.sentByClaimed) {
    reasons.push(`Presents itself as ${claim.brand.name} and is sent by ${from}, which belongs to ${claim.brand.name}${judgement.authenticated ? ' (authenticated)' : ''}`);
  } else if (claim && judgement.unlistedDomain) {
    // The catalogue does not list the domain, the mail proves it (unlisted-brand-domain.ts): say what stands behind it.
    const proof = links.own > 0 && links.foreignCount === 0 ? 'its links stay there' : 'a DKIM signature of that domain verifies';
    reasons.push(`Sent from ${sender.registrable}, a domain carrying ${claim.brand.name}'s name that the catalogue does not list; ${proof}, and it asks for nothing risky`);
  } else if (!claim) {
    reasons.push(`Does not present itself as a brand or service it is not: sent by ${from}${judgement.authenticated ? ' (authenticated)' : ''}`);
  }
  if (links.total > 0 && links.foreignCount === 0 && links.own > 0) reasons.push(`Every link goes to ${claim && judgement.sentByClaimed ? claim.brand.name : judgement.senderOrganisation}${links.neutral > 0 ? ' (besides click tracking and social-network footers)' : ''}`);
  else if (links.total === 0) reasons.push('Contains no links');
  if (asks.length === 0) reasons.push('Asks for nothing risky: no sign-in, payment, gift cards, bank details or phone call');
  return reasons;
}

/** Classifier features that mean nothing to a reader: numbers, codes, short function words. */
const OPAQUE = /#num|#alnum|<number>|<code>/;
export function readableFeatures(described: readonly string[]): string[] {
  return described.filter((d) => {
    if (OPAQUE.test(d)) return false;
    const inner = d.replace(/^"|"$/g, '');
    return inner.includes(' ') ? true : inner.length >= 5 || d.includes('link');
  });
}
