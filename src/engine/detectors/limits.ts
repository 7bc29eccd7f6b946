/**
 * Content past the analysis limits (docs/security.md "Content beyond the limits"). Every limit in
 * `engine.limits` bounds the work one message can cause; each is a size the sender chooses. Phishing
 * placed after 200 MIME parts, 21 levels of nesting, 40,001 empty spans, 500,000 characters of text or
 * an 8 MB photo is simply not read, and what was read looks harmless. Hitting such a limit is itself a
 * signal: this rule fires for it, so content we could not see raises suspicion instead of lowering it.
 *
 * The notes matched are the `coverage` texts the parser and the fact builder write when they cut
 * something (src/mail/mime-limits.ts, parse-raw.ts, facts.ts, url-extract.ts); the hardening tests
 * send each attack through the doors and fail if a note changes without this list.
 */
import type { Detector } from '../detector.js';

const ATTACKER_LIMITS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /^message truncated at \d+ bytes/, what: 'message size' },
  { pattern: /^MIME parts beyond \d+ not analysed/, what: 'number of MIME parts' },
  { pattern: /nested deeper than \d+ levels/, what: 'MIME nesting depth' },
  { pattern: /header fields beyond the limit/, what: 'number of header fields' },
  { pattern: /^text body truncated at \d+ characters/, what: 'text length' },
  { pattern: /^HTML body truncated at \d+ characters/, what: 'HTML length' },
  { pattern: /^HTML parsing stopped early/, what: 'HTML size or nesting' },
  { pattern: /^only the first \d+ distinct URLs were judged/, what: 'number of links' },
  { pattern: /^MIME parsing stopped early/, what: 'MIME structure' },
];

/** The attacker-choosable limits a message hit, named for a reason text (empty when none). */
export function limitsHit(coverage: readonly string[]): string[] {
  const hit = new Set<string>();
  for (const note of coverage) for (const { pattern, what } of ATTACKER_LIMITS) if (pattern.test(note)) hit.add(what);
  return [...hit];
}

export const contentBeyondLimits: Detector = {
  id: 'CONTENT_BEYOND_LIMITS',
  group: 'html',
  description: 'Part of the message lies beyond an analysis limit the sender can choose (size, MIME parts or nesting, text or HTML length, links): what was not read cannot vouch for the mail',
  run({ message, coverage }) {
    const hit = limitsHit([...message.coverage, ...coverage]);
    if (!hit.length) return [];
    return [{ strength: 1, reason: `Part of the message was not analysed: it exceeds the limit on ${hit.join(', ')}` }];
  },
};
