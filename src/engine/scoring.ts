import type { RuleHit, Verdict } from '../core/analysis.js';
import type { DetectorGroup, EvidenceKind } from './detector.js';
import { type Gate, type GateFinding, evidenceGate } from './evidence-gate.js';
import { secondBesideGenuine } from './evidence-kinds.js';

export interface ScoringConfig {
  /** Log-odds before any rule: the score of a message on which nothing fires. */
  bias: number;
  /** Multiplier of the summed rule contributions (calibration). */
  scale: number;
  /** Largest total positive contribution of one group (Rspamd "group max score"). */
  groupCaps: Partial<Record<DetectorGroup, number>>;
  thresholds: { phishing: number; suspicious: number };
  /** How far the statistical classifier may move a score (docs/detection.md "The classifier assists"); absent = unbounded. */
  classifier?: ClassifierBounds;
  /**
   * Highest score of a message on which one rule alone (the classifier aside), or only the language rules
   * in mail from the recipient's own organisation, found anything, unless a finding is of `STRONG_ALONE_GROUPS` or identity-plus-intent evidence: one
   * deceptive mechanism, or words, with no second finding are suspicious, not phishing (docs/detection.md
   * "How a verdict is reached"). Absent = no cap.
   */
  singleFindingMaxScore?: number;
  /** `engine.evidence_gate`: two independent facts before an accusation (evidence-gate.ts). */
  evidenceGate?: boolean;
}

/**
 * An authentication failure decides alone only when the domain's owner asks receivers to act on it: DMARC
 * p=reject or p=quarantine, SPF -all (detectors/auth.ts). A DMARC failure under p=none is one finding.
 */
const AUTH_STRONG_ALONE = 0.7;

/** Groups whose one finding may make a message phishing on its own: the decision model's pattern, a dangerous attachment, failed authentication of the claimed domain, the LLM. */
const STRONG_ALONE_GROUPS: ReadonlySet<DetectorGroup> = new Set(['identity', 'attachment', 'auth', 'llm']);

/** engine.classifier_bounds: the classifier assists the rules, it never decides alone. */
export interface ClassifierBounds {
  /** Highest score the classifier may bring a message to when the other rules add (almost) nothing. */
  aloneMaxScore: number;
  /** Positive evidence of the other rules (log-odds) below which the classifier counts as alone. */
  otherEvidenceMin: number;
  /** Largest push towards phishing when assisting; never more than the other rules' own positive evidence. */
  maxPositive: number;
  /** Largest pull towards legitimate (log-odds, a positive number). */
  maxNegative: number;
  /** The pull may take a message the other rules flagged below suspicious (a tenant's own model). */
  clearsFindings?: boolean;
}

export interface Fired {
  id: string;
  group: DetectorGroup;
  strength: number;
  reason: string;
  /** weight × strength before group caps. */
  contribution: number;
  /** Identity-plus-intent evidence: the classifier may not pull the message below suspicious. */
  identityIntent?: boolean;
  /** What the finding is evidence of (evidence-kinds.ts); absent = context. */
  kinds?: readonly EvidenceKind[];
  /** The finding stands alone as the fact of a not-safe verdict (evidence-kinds.ts strongAt). */
  strong?: boolean;
}

export interface Scored {
  score: number;
  verdict: Verdict;
  confidence: number;
  /** Rules with their contribution after group caps, largest magnitude first. */
  rules: RuleHit[];
  logit: number;
  /** The evidence gate's reading, when it is on. */
  gate?: Gate;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const logitOf = (p: number): number => Math.log(p / (1 - p));

/**
 * The classifier's total contribution after its bounds (docs/detection.md "The classifier assists"):
 * alone it lifts a message at most to `aloneMaxScore`; it never adds more than `maxPositive`, and when
 * assisting never more than the other rules' positive evidence; towards legitimate at most `maxNegative`,
 * and never below the suspicious threshold when the other rules reach it: held out by source, its
 * "legitimate" call on the messages the rules put near that threshold is as frequent on phishing as on
 * legitimate mail (a likelihood ratio of about 1). A tenant's own model (`clearsFindings`), learnt from
 * what the tenant's people released, may clear what the rules found: that is what it learnt.
 */
export function boundClassifier(total: number, others: { positive: number; negative: number }, config: ScoringConfig): number {
  const bounds = config.classifier;
  if (!bounds || total === 0) return total;
  const evidence = others.positive + others.negative;
  if (total > 0) {
    const allowed = others.positive < bounds.otherEvidenceMin
      ? Math.min(bounds.maxPositive, Math.max(0, (logitOf(bounds.aloneMaxScore) - config.bias) / config.scale - evidence))
      : Math.min(bounds.maxPositive, others.positive);
    return Math.min(total, allowed);
  }
  const bounded = Math.max(total, -bounds.maxNegative);
  if (bounds.clearsFindings) return bounded;
  const floor = (logitOf(config.thresholds.suspicious) - config.bias) / config.scale - evidence;
  return floor < 0 ? Math.max(bounded, floor + 0.001) : bounded;
}
/** Opinions that assist the rules and never count as a fact of the mail (docs/detection.md). */
const ASSISTING_GROUPS: ReadonlySet<DetectorGroup> = new Set(['classifier', 'llm']);
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * One finding, for the single-finding cap: one rule (the classifier aside) found something, or, in mail
 * from the recipient's own organisation, only the language rules did. A colleague's words are one piece
 * of evidence however many phrases and categories they match ("urgent" + "transfer" in a note from the
 * next office): with no claimed identity and no deceptive mechanism they never quarantine, and a forged
 * colleague is authentication's business (docs/detection.md "How a verdict is reached"). From a stranger,
 * "buy gift cards", "keep it confidential" and "Dear user" stay separate findings. Identity-plus-intent
 * evidence and the strong-alone groups are never capped.
 */
function isOneFinding(rules: readonly RuleHit[], fired: readonly Fired[], internal: boolean): boolean {
  const findings = rules.filter((r) => r.weight > 0 && groupOfRule(fired, r.id) !== 'classifier').map((r) => fired.find((f) => f.id === r.id)!);
  if (findings.length === 0 || findings.some((f) => f.identityIntent || (STRONG_ALONE_GROUPS.has(f.group) && (f.group !== 'auth' || f.strength >= AUTH_STRONG_ALONE)))) return false;
  return findings.length === 1 || (internal && findings.every((f) => f.group === 'language'));
}
const groupOfRule = (fired: readonly Fired[], id: string): DetectorGroup | undefined => fired.find((f) => f.id === id)?.group;

/**
 * Hints that say nothing about who writes or what is asked: a deadline, and a page on a platform where
 * anyone can publish (a form, a shared document) below mechanism strength.
 */
const PLAIN_HINTS: ReadonlySet<string> = new Set(['URGENCY_LANGUAGE', 'URL_FREE_HOSTING']);

/**
 * A form or shared-document link below mechanism strength, and besides it nothing but a deadline (and the
 * classifier): pressure words alone keep their own weight (one finding, docs/detection.md).
 */
function onlyPlainHints(fired: readonly Fired[]): boolean {
  const positive = fired.filter((f) => f.contribution > 0 && f.group !== 'classifier');
  return positive.some((f) => f.id === 'URL_FREE_HOSTING') && positive.every((f) => PLAIN_HINTS.has(f.id) && !(f.id === 'URL_FREE_HOSTING' && f.strength >= 1));
}

/**
 * Rules add log-odds (weight × strength); positive contributions of one group are scaled down together so
 * the group never adds more than its cap (ten URL rules about one link are one piece of evidence, not
 * ten). bias + scale × sum goes through the logistic function; bias and scale are fitted on
 * cross-validated results (Platt scaling) so that the score reads as a probability.
 */
export function scoreRules(
  fired: readonly Fired[],
  config: ScoringConfig,
  message: { internal?: boolean; /** judgement.ts isPlainCorrespondence */ plain?: boolean; /** corroboration.ts */ corroboration?: string | null } = {},
): Scored {
  const positiveByGroup = new Map<DetectorGroup, number>();
  for (const f of fired) if (f.contribution > 0) positiveByGroup.set(f.group, (positiveByGroup.get(f.group) ?? 0) + f.contribution);
  const rules: RuleHit[] = fired.map((f) => {
    let weight = f.contribution;
    const cap = config.groupCaps[f.group];
    const total = positiveByGroup.get(f.group) ?? 0;
    if (weight > 0 && cap !== undefined && total > cap) weight = (weight * cap) / total;
    return { id: f.id, strength: round3(f.strength), weight: round3(weight), reason: f.reason };
  });
  const others = { positive: 0, negative: 0 };
  let classifierTotal = 0;
  for (const r of rules) {
    if (fired.find((f) => f.id === r.id)?.group === 'classifier') classifierTotal += r.weight;
    else if (r.weight > 0) others.positive += r.weight;
    else others.negative += r.weight;
  }
  const bounded = boundClassifier(classifierTotal, others, config);
  if (bounded !== classifierTotal) {
    const factor = classifierTotal === 0 ? 0 : bounded / classifierTotal;
    for (const r of rules) if (fired.find((f) => f.id === r.id)?.group === 'classifier') r.weight = round3(r.weight * factor);
  }
  rules.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const logit = config.bias + config.scale * rules.reduce((sum, r) => sum + r.weight, 0);
  let score = round3(sigmoid(logit));
  if (config.singleFindingMaxScore !== undefined && score > config.singleFindingMaxScore && isOneFinding(rules, fired, message.internal === true)) score = config.singleFindingMaxScore;
  // Plain correspondence (judgement.ts isPlainCorrespondence) with only a deadline and a form or shared
  // document link stays just below suspicious (docs/detection.md "Plain correspondence stays safe").
  if (message.plain && score >= config.thresholds.suspicious && onlyPlainHints(fired)) score = round3(config.thresholds.suspicious - 0.01);
  let gate: Gate | undefined;
  if (config.evidenceGate) {
    const findings = new Map<string, GateFinding>(fired.map((f) => [f.id, { id: f.id, kinds: f.kinds ?? ['context'], strong: f.strong === true, assisting: ASSISTING_GROUPS.has(f.group), secondBesideGenuine: secondBesideGenuine(f) }]));
    gate = evidenceGate(rules, findings, message.corroboration ?? null, config.thresholds);
    if (gate.maxScore !== null && score > gate.maxScore) score = gate.maxScore;
  }
  const verdict: Verdict = score >= config.thresholds.phishing ? 'phishing' : score >= config.thresholds.suspicious ? 'suspicious' : 'safe';
  return { score, verdict, confidence: round3(Math.max(score, 1 - score)), rules, logit, ...(gate ? { gate } : {}) };
}
