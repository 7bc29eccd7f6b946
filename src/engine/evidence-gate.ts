import type { RuleHit } from '../core/analysis.js';
import type { EvidenceKind } from './detector.js';

/**
 * Two independent facts before an accusation (docs/detection.md): a property of the scoring, read from the
 * evidence kinds of what fired (evidence-kinds.ts), never from rule ids.
 * - context alone, however much of it, stays below `suspicious`;
 * - one accusing kind (identity, intent or mechanism) reaches at most just below `phishing`, and only with
 *   corroboration — a second finding of another rule, or a corroborating fact of the message
 *   (corroboration.ts) — or when the finding is strong on its own; without either it stays below `suspicious`;
 * - `phishing` needs two accusing kinds (one rule may carry two, identity with intent).
 * The gate only lowers a score; it never raises one.
 */

export const ACCUSING_KINDS: readonly EvidenceKind[] = ['identity', 'intent', 'mechanism'];

/**
 * Smallest weight (after group caps and the classifier's bounds) a finding needs to count as a fact: a rule
 * damped to a trace by its context (a brand answering its own mail) is no accusation.
 */
export const GATE_MIN_WEIGHT = 0.25;

export interface GateFinding {
  id: string;
  kinds: readonly EvidenceKind[];
  strong: boolean;
  /** The classifier's and the LLM's opinion never count as a fact (they are context). */
  assisting: boolean;
  /** False for a finding that is no second fact beside a genuineness finding (evidence-kinds.ts noSecondBesideGenuine). */
  secondBesideGenuine?: boolean;
}

export type GateOutcome = 'no-accusation' | 'uncorroborated' | 'corroborated' | 'strong' | 'two-kinds';

export interface Gate {
  outcome: GateOutcome;
  /** Accusing kinds among the findings, in ACCUSING_KINDS order. */
  kinds: EvidenceKind[];
  /** The strong finding's rule, when that is what lets the one kind through. */
  strongRule?: string;
  /** The second finding's rule, when another rule's finding corroborates the one kind. */
  corroboratingRule?: string;
  /** The corroborating fact of the message (corroboration.ts), when that is what lets the one kind through. */
  corroboration?: string;
  /** Highest score the gate allows, or null for no cap. */
  maxScore: number | null;
}

/**
 * `rules` are the scored rules (weights after caps), `findings` what each fired rule stands for, `fact` a
 * corroborating fact of the message (or null).
 */
export function evidenceGate(
  rules: readonly RuleHit[],
  findings: ReadonlyMap<string, GateFinding>,
  fact: string | null,
  thresholds: { suspicious: number; phishing: number },
): Gate {
  const facts = rules.filter((r) => r.weight >= GATE_MIN_WEIGHT).map((r) => findings.get(r.id)).filter((f): f is GateFinding => f !== undefined && !f.assisting);
  const accusing = facts.filter((f) => f.kinds.some((k) => ACCUSING_KINDS.includes(k)));
  const kinds = ACCUSING_KINDS.filter((k) => accusing.some((f) => f.kinds.includes(k)));
  const belowSuspicious = Math.round((thresholds.suspicious - 0.01) * 1000) / 1000;
  const belowPhishing = Math.round((thresholds.phishing - 0.01) * 1000) / 1000;
  if (kinds.length >= 2) return { outcome: 'two-kinds', kinds, maxScore: null };
  if (kinds.length === 0) return { outcome: 'no-accusation', kinds, maxScore: belowSuspicious };
  const strong = accusing.find((f) => f.strong);
  if (strong) return { outcome: 'strong', kinds, strongRule: strong.id, maxScore: belowPhishing };
  // A rule's finding that vouches for the sender (links home, an aligned signature) leaves the ones that only
  // say how the reader is addressed without force as a second fact.
  const vouched = rules.some((r) => {
    const finding = r.weight < 0 ? findings.get(r.id) : undefined;
    return finding !== undefined && !finding.assisting && finding.kinds.includes('genuine');
  });
  const second = facts.find((f) => f.id !== accusing[0]!.id && (!vouched || f.secondBesideGenuine !== false));
  if (second) return { outcome: 'corroborated', kinds, corroboratingRule: second.id, maxScore: belowPhishing };
  if (fact) return { outcome: 'corroborated', kinds, corroboration: fact, maxScore: belowPhishing };
  return { outcome: 'uncorroborated', kinds, maxScore: belowSuspicious };
}
