import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { scoreRules, type Fired, type ScoringConfig } from '../../src/engine/scoring.js';

const engine = loadConfig({ env: {} }).engine;
const base: ScoringConfig = { bias: engine.bias, scale: engine.scale, groupCaps: engine.group_caps, thresholds: engine.thresholds };
const config: ScoringConfig = { ...base, singleFindingMaxScore: engine.single_finding_max_score };
const rule = (id: string, group: Fired['group'], contribution: number, extra: Partial<Fired> = {}): Fired => ({ id, group, strength: 1, reason: id, contribution, ...extra });

describe('one finding alone is suspicious, not phishing (docs/detection.md "How a verdict is reached")', () => {
  it('keeps a lone bare-IP link below the phishing threshold that it would reach uncapped', () => {
    const lone = [rule('URL_IP_HOST', 'url', 2.5)];
    expect(scoreRules(lone, base).verdict).toBe('phishing');
    const capped = scoreRules(lone, config);
    expect(capped.verdict).toBe('suspicious');
    expect(capped.score).toBe(engine.single_finding_max_score);
  });

  it('does not count the classifier as a second finding, nor a rule pulling towards legitimate', () => {
    const scored = scoreRules([rule('URL_USERINFO', 'url', 2.5), rule('CLASSIFIER_PHISH', 'classifier', 2), rule('SENDER_LINKS_ALIGNED', 'sender', -0.5)], config);
    expect(scored.verdict).toBe('suspicious');
  });

  it('lets two findings, identity-plus-intent, an attachment or failed authentication reach phishing alone', () => {
    expect(scoreRules([rule('URL_IP_HOST', 'url', 2.5), rule('CREDENTIAL_REQUEST', 'language', 0.9)], config).verdict).toBe('phishing');
    expect(scoreRules([rule('IMPERSONATION_WITH_ASK', 'identity', 3, { identityIntent: true })], config).verdict).toBe('phishing');
    expect(scoreRules([rule('ATTACH_EXECUTABLE', 'attachment', 4)], config).verdict).toBe('phishing');
    expect(scoreRules([rule('BRAND_DMARC_REJECT', 'auth', 3)], config).verdict).toBe('phishing');
  });

  it('counts the language rules together as one finding in mail from the recipient\'s organisation: a colleague\'s words never quarantine', () => {
    const words = [rule('URGENCY_LANGUAGE', 'language', 1), rule('WIRE_TRANSFER_REQUEST', 'language', 1.5), rule('PAYMENT_REQUEST', 'language', 1)];
    expect(scoreRules(words, base, { internal: true }).verdict).toBe('phishing');
    expect(scoreRules(words, config, { internal: true }).score).toBe(engine.single_finding_max_score);
    // From a stranger ("buy gift cards", "confidential", "Dear user") the phrases stay separate findings.
    expect(scoreRules(words, config).verdict).toBe('phishing');
    // Words plus a mechanism (a bare IP link) are two findings.
    expect(scoreRules([...words, rule('URL_IP_HOST', 'url', 2.5)], config, { internal: true }).verdict).toBe('phishing');
  });

  it('lets a DMARC failure decide alone only when the owner asks receivers to act on it (p=reject/quarantine, SPF -all)', () => {
    // detectors/auth.ts: DMARC fail under p=none has strength 0.5, under p=reject 1.
    expect(scoreRules([rule('AUTH_FAIL', 'auth', 2.5, { strength: 0.5 })], config).score).toBe(engine.single_finding_max_score);
    expect(scoreRules([rule('AUTH_FAIL', 'auth', 2.5, { strength: 1 })], config).verdict).toBe('phishing');
  });

  it('is off at 1', () => {
    expect(scoreRules([rule('URL_IP_HOST', 'url', 2.5)], { ...base, singleFindingMaxScore: 1 }).verdict).toBe('phishing');
  });
});
