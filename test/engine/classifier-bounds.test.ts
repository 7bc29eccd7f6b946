import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { scoreRules, type Fired, type ScoringConfig } from '../../src/engine/scoring.js';

const engine = loadConfig({ env: {} }).engine;
const config: ScoringConfig = {
  bias: engine.bias,
  scale: engine.scale,
  groupCaps: engine.group_caps,
  thresholds: engine.thresholds,
  classifier: {
    aloneMaxScore: engine.classifier_bounds.alone_max_score,
    otherEvidenceMin: engine.classifier_bounds.other_evidence_min,
    maxPositive: engine.classifier_bounds.max_positive,
    maxNegative: engine.classifier_bounds.max_negative,
  },
};
const rule = (id: string, group: Fired['group'], contribution: number, extra: Partial<Fired> = {}): Fired => ({ id, group, strength: 1, reason: id, contribution, ...extra });
const classifier = (contribution: number): Fired => rule(contribution > 0 ? 'CLASSIFIER_PHISH' : 'CLASSIFIER_HAM', 'classifier', contribution);
const weightOf = (scored: ReturnType<typeof scoreRules>, id: string) => scored.rules.find((r) => r.id === id)?.weight ?? 0;

describe('the classifier assists, bounded on both sides (docs/detection.md "The classifier assists")', () => {
  it('by default never makes a message suspicious on its own', () => {
    expect(engine.classifier_bounds.alone_max_score).toBeLessThan(engine.thresholds.suspicious);
    const scored = scoreRules([classifier(4)], config);
    expect(scored.verdict).toBe('safe');
    expect(scored.score).toBeLessThanOrEqual(engine.classifier_bounds.alone_max_score);
    // A faint hint (an impersonal greeting) does not unlock it either: it adds nothing beyond the edge.
    const hinted = scoreRules([classifier(4), rule('GENERIC_GREETING', 'language', 0.48)], config);
    const withoutClassifier = scoreRules([rule('GENERIC_GREETING', 'language', 0.48)], config);
    expect(hinted.score).toBeLessThanOrEqual(Math.max(withoutClassifier.score, engine.classifier_bounds.alone_max_score));
  });

  it('assists real evidence, by at most that evidence and max_positive', () => {
    const scored = scoreRules([classifier(4), rule('URL_LOOKALIKE', 'url', 1.5)], config);
    expect(weightOf(scored, 'CLASSIFIER_PHISH')).toBeLessThanOrEqual(Math.min(1.5, engine.classifier_bounds.max_positive) + 1e-9);
    expect(weightOf(scored, 'CLASSIFIER_PHISH')).toBeGreaterThan(0);
  });

  it('cannot pull a scam whose rules add +4.9 down to safe (its negative side is capped)', () => {
    const scam = [rule('BRAND_SPOOFING', 'brand', 2.5), rule('CREDENTIAL_REQUEST', 'language', 1.5), rule('URL_LOOKALIKE', 'url', 0.9), classifier(-5)];
    const scored = scoreRules(scam, config);
    expect(weightOf(scored, 'CLASSIFIER_HAM')).toBe(-engine.classifier_bounds.max_negative);
    expect(scored.verdict).toBe('phishing');
    // Unbounded (the old scoring) the same message came out safe.
    expect(scoreRules(scam, { ...config, classifier: undefined }).verdict).toBe('safe');
  });

  it('never clears a message the rules flagged, identity-plus-intent or not', () => {
    const fired = [rule('IMPERSONATION_WITH_ASK', 'identity', 0.9, { identityIntent: true }), classifier(-2)];
    expect(scoreRules(fired, config).score).toBeGreaterThanOrEqual(engine.thresholds.suspicious);
    // One finding the rules alone make suspicious (a single scam phrase) stays suspicious under the full pull.
    const single = [rule('SCAM_OFFER_LANGUAGE', 'language', 0.9)];
    expect(scoreRules(single, config).verdict).toBe('suspicious');
    const pulled = scoreRules([...single, classifier(-2)], config);
    expect(pulled.verdict).toBe('suspicious');
    expect(weightOf(pulled, 'CLASSIFIER_HAM')).toBeLessThan(0);
    // Below the threshold the pull applies in full.
    const hint = scoreRules([rule('URGENCY_LANGUAGE', 'language', 0.6), classifier(-2)], config);
    expect(weightOf(hint, 'CLASSIFIER_HAM')).toBe(-engine.classifier_bounds.max_negative);
  });

  it("lets a tenant's own model clear what the rules found (it learnt what the tenant's people release)", () => {
    const single = [rule('SCAM_OFFER_LANGUAGE', 'language', 0.9), classifier(-2)];
    const tenant = { ...config, classifier: { ...config.classifier!, clearsFindings: true } };
    expect(scoreRules(single, tenant).verdict).toBe('safe');
    expect(scoreRules(single, config).verdict).toBe('suspicious');
  });

  it('may carry a message the rules flagged across the phishing threshold', () => {
    // Rules at 0.785 (suspicious) with two findings: its strongest call makes it phishing.
    const flagged = [rule('URL_LOOKALIKE', 'url', 1.0), rule('URGENCY_LANGUAGE', 'language', 0.6)];
    expect(scoreRules(flagged, config).verdict).toBe('suspicious');
    expect(scoreRules([...flagged, classifier(4)], config).verdict).toBe('phishing');
  });

  it('never doubles weak evidence: two weak phrases from a stranger plus its strongest call stay below phishing', () => {
    // A bank's "un nuovo documento è disponibile … Gentile Cliente" (docs/detection.md "The classifier assists").
    const weak = [rule('WIRE_TRANSFER_REQUEST', 'language', 0.6), rule('GENERIC_GREETING', 'language', 0.48)];
    const scored = scoreRules([...weak, classifier(4)], config);
    expect(weightOf(scored, 'CLASSIFIER_PHISH')).toBeLessThanOrEqual(engine.classifier_bounds.max_positive + 1e-9);
    expect(scored.score).toBeLessThan(engine.thresholds.phishing);
  });

  it('documents the bounds it runs with (docs/detection.md table = config/default.yaml)', () => {
    const doc = readFileSync(new URL('../../docs/detection.md', import.meta.url), 'utf8');
    for (const key of ['alone_max_score', 'other_evidence_min', 'max_positive', 'max_negative'] as const) {
      const row = new RegExp(`^\\| \`${key}\` \\| ([0-9.]+) \\|`, 'm').exec(doc);
      expect(row, key).not.toBeNull();
      expect(Number(row![1]), key).toBe(engine.classifier_bounds[key]);
    }
  });

  it('is configurable: a higher alone_max_score and max_positive let it flag alone', () => {
    const lenient = { ...config, classifier: { ...config.classifier!, aloneMaxScore: 0.75, maxPositive: 4 } };
    expect(scoreRules([classifier(4)], lenient).verdict).toBe('suspicious');
  });
});
