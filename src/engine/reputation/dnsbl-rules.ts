/**
 * The DNS block-list rules (docs/reputation.md "Rules"). The three rules share one set of lookups per
 * message: the first of them to run starts every lookup (in parallel, one deadline) and the others await
 * the same answer, so a message never waits more than one deadline for all of them.
 */
import type { Detector, DetectorHit } from '../detector.js';
import type { MessageFacts } from '../facts.js';
import { lookUpMessage, type DnsblHit, type DnsblOutcome, type DnsblSettings } from './dnsbl-lookups.js';
import type { ZoneCounters } from './dnsbl-counters.js';
import type { DnsblResolve } from './dnsbl-resolver.js';
import type { ZoneHealth } from './dnsbl-health.js';
import { DNSBL_CLIENT_LISTED, DNSBL_DOMAIN_PHISH, DNSBL_DOMAIN_SPAM } from './rule-ids.js';

/** Past the per-message deadline the lookups answer themselves; this margin only guards against a bug. */
const DEADLINE_MARGIN_MS = 250;

const ROLE_LABEL = { client: 'connecting client', sender: 'sender domain', 'reply-to': 'reply-to domain', link: 'link domain' } as const;

const reasonOf = (hit: DnsblHit): string => `${ROLE_LABEL[hit.role]} ${hit.target} is listed on ${hit.zone} (${hit.meaning})`;

export function createDnsblRules(settings: DnsblSettings, resolve: DnsblResolve, counters: Map<string, ZoneCounters>, health: ZoneHealth, onWaiting?: () => void): Detector[] {
  // Keyed by the facts object: one per analysis (a forwarded message gets its own), dropped with it.
  const perMessage = new WeakMap<MessageFacts, Promise<DnsblOutcome>>();
  const outcomeOf = (facts: MessageFacts, signal: AbortSignal | undefined, note: ((text: string) => void) | undefined): Promise<DnsblOutcome> => {
    let pending = perMessage.get(facts);
    if (!pending) {
      pending = lookUpMessage(facts, settings, resolve, counters, health, signal, onWaiting);
      // Coverage is told once per message, by the rule that started the lookups.
      void pending.then((outcome) => outcome.notes.forEach((text) => note?.(text)), () => undefined);
      perMessage.set(facts, pending);
    }
    return pending;
  };
  const deadlineMs = settings.timeoutMs + DEADLINE_MARGIN_MS;
  const rule = (descriptor: typeof DNSBL_CLIENT_LISTED, pick: (hit: DnsblHit) => number): Detector => ({
    ...descriptor,
    deadlineMs,
    async run(facts, ctx) {
      const outcome = await outcomeOf(facts, ctx?.signal, ctx?.note);
      const hits: DetectorHit[] = [];
      for (const hit of outcome.hits) {
        const strength = pick(hit);
        if (strength > 0) hits.push({ strength, reason: reasonOf(hit) });
      }
      return hits;
    },
  });
  return [
    // A PBL listing (an end-user range sending directly) is weaker than an exploited host or a spam source.
    rule(DNSBL_CLIENT_LISTED, (h) => (h.role !== 'client' ? 0 : h.category === 'policy' ? 0.5 : 1)),
    rule(DNSBL_DOMAIN_PHISH, (h) => (h.role !== 'client' && (h.category === 'phishing' || h.category === 'malware') ? 1 : 0)),
    rule(DNSBL_DOMAIN_SPAM, (h) => (h.role !== 'client' && h.category === 'spam' ? 1 : 0)),
  ];
}
