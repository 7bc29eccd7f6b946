import type { JudgementFacts } from '../core/analysis.js';
import type { Judgement } from './judgement-types.js';
import { shownAsWritten } from './text/words.js';

/** The judgement as the result shows it (docs/api.md "The judgement"): names and counts, no engine objects. */
export function judgementFacts(j: Judgement): JudgementFacts {
  return {
    claimed_identity: j.claim ? { brand: j.claim.brand.name, where: [...j.claim.where] } : null,
    sender_organisation: j.senderOrganisation || null,
    sender_authenticated: j.authenticated,
    sender_is_claimed_identity: j.sentByClaimed,
    mismatched_identity: j.mismatch ? j.mismatch.brand.name : null,
    asks: j.asks.map((a) => ({ kind: a.kind, evidence: shownAsWritten(a.evidence.slice(0, 200)) })),
    links: { total: j.links.total, own: j.links.own, neutral: j.links.neutral, other: j.links.foreignCount, other_hosts: j.links.foreign.slice(0, 5) },
  };
}
