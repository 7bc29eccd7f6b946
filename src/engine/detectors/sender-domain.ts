import type { AddressFacts } from '../facts.js';
import type { Detector } from '../detector.js';
import { SUSPICIOUS_TLDS } from '../data/domains.js';

/** One-character labels from which a host counts as stacked: "a.c.h.h.a.d.o.a.n.a.m.e.d61.example.click". */
const STACKED_SINGLE_LABELS = 3;

/** Strength of a sender on a first-tier abused TLD (.quest, .beauty, .cfd …): alone it stays below suspicious. */
const ABUSED_TLD_STRENGTH = 0.6;

function stackedSingleLabels(domain: string): number {
  let count = 0;
  for (const label of domain.split('.', 128)) if (label.length === 1) count++;
  return count;
}

/** Why this address's domain is suspicious, if it is: one reason per address, the strongest. */
function findingFor(role: string, a: AddressFacts): { strength: number; reason: string } | null {
  if (!a.domain) return null;
  const singles = stackedSingleLabels(a.domain);
  if (singles >= STACKED_SINGLE_LABELS) {
    return { strength: 1, reason: `The ${role} domain ${a.domain.slice(0, 80)} stacks ${singles} one-letter labels, a host built to be unique per message rather than read` };
  }
  const tld = a.domain.slice(a.domain.lastIndexOf('.') + 1);
  if (SUSPICIOUS_TLDS.get(tld) !== 1) return null;
  return { strength: ABUSED_TLD_STRENGTH, reason: `The ${role} domain ${a.registrable || a.domain} is on .${tld}, a top-level domain with one of the highest shares of abuse` };
}

/**
 * Where the sender chose to send from or be answered at. A host stacking one-letter labels is generated
 * per campaign; a first-tier abused TLD (the same list as `URL_SUSPICIOUS_TLD`'s strongest tier) is a
 * hint that needs a second finding. Authenticated senders are exempt: a shop that signs its mail on
 * .beauty owns that domain, whatever others do with the TLD. Second-tier TLDs (.shop, .xyz, .online) carry
 * too many genuine start-ups, stores and national mail (.ru) to count for a sender.
 */
export const senderDomainSuspicious: Detector = {
  id: 'SENDER_DOMAIN_SUSPICIOUS',
  group: 'sender',
  indicator: 'impersonation',
  description: 'The sender or reply address is on a host stacking one-letter labels or on a top-level domain with the highest share of abuse',
  run(input) {
    const { sender } = input;
    if (input.judgement?.authenticated) return [];
    const findings = [findingFor('sender', sender), ...sender.replyTo.slice(0, 3).filter((r) => r.domain !== sender.domain).map((r) => findingFor('reply address', r))];
    let best: { strength: number; reason: string } | null = null;
    for (const f of findings) if (f && (!best || f.strength > best.strength)) best = f;
    return best ? [best] : [];
  },
};
