import type { RuleHit, Verdict } from '../core/analysis.js';
import type { DetectorGroup } from './detector.js';

export interface ScoringConfig {
  /** Log-odds before any rule: the score of a message on which nothing fires. */
  bias: number;
  /** Multiplier of the summed rule contributions (calibration). */
  scale: number;
  /** Largest total positive contribution of one group (Rspamd "group max score"). */
  groupCaps: Partial<Record<DetectorGroup, number>>;
  thresholds: { phishing: number; suspicious: number };
}

export interface Fired {
  id: string;
  group: DetectorGroup;
  strength: number;
  reason: string;
  /** weight × strength before group caps. */
  contribution: number;
}

export interface Scored {
  score: number;
  verdict: Verdict;
  confidence: number;
  /** Rules with their contribution after group caps, largest magnitude first. */
  rules: RuleHit[];
  logit: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Rules add log-odds (weight × strength); positive contributions of one group are scaled down together so
 * the group never adds more than its cap (ten URL rules about one link are one piece of evidence, not
 * ten). bias + scale × sum goes through the logistic function; bias and scale are fitted on
 * cross-validated results (Platt scaling) so that the score reads as a probability.
 */
export function scoreRules(fired: readonly Fired[], config: ScoringConfig): Scored {
  const positiveByGroup = new Map<DetectorGroup, number>();
  for (const f of fired) if (f.contribution > 0) positiveByGroup.set(f.group, (positiveByGroup.get(f.group) ?? 0) + f.contribution);
  const rules: RuleHit[] = fired.map((f) => {
    let weight = f.contribution;
    const cap = config.groupCaps[f.group];
    const total = positiveByGroup.get(f.group) ?? 0;
    if (weight > 0 && cap !== undefined && total > cap) weight = (weight * cap) / total;
    return { id: f.id, strength: round3(f.strength), weight: round3(weight), reason: f.reason };
  });
  rules.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const logit = config.bias + config.scale * rules.reduce((sum, r) => sum + r.weight, 0);
  const score = round3(sigmoid(logit));
  const verdict: Verdict = score >= config.thresholds.phishing ? 'phishing' : score >= config.thresholds.suspicious ? 'suspicious' : 'safe';
  return { score, verdict, confidence: round3(Math.max(score, 1 - score)), rules, logit };
}
