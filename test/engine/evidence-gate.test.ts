import { describe, expect, it } from 'vitest';
import type { MessageFacts } from '../../src/engine/facts.js';
import { BrandIndex } from '../../src/engine/brand-index.js';
import { corroboratingFact } from '../../src/engine/corroboration.js';
import { GATE_MIN_WEIGHT, evidenceGate, type GateFinding } from '../../src/engine/evidence-gate.js';
import { RULE_EVIDENCE, kindsOf, strongAt } from '../../src/engine/evidence-kinds.js';
import { withGateReasons } from '../../src/engine/gate-reasons.js';
import { DETECTORS } from '../../src/engine/registry.js';
import { scoreRules, type Fired, type ScoringConfig } from '../../src/engine/scoring.js';
import type { EvidenceKind } from '../../src/engine/detector.js';

/** docs/detection.md "Two independent facts before an accusation". */
const thresholds = { suspicious: 0.5, phishing: 0.8 };
const config: ScoringConfig = { bias: -3, scale: 1, groupCaps: {}, thresholds, evidenceGate: true };

const fire = (id: string, contribution: number, kinds: readonly EvidenceKind[], extra: Partial<Fired> = {}): Fired => ({ id, group: extra.group ?? 'g', strength: 1, reason: `${id} reason`, contribution, kinds, ...extra });

describe('the evidence gate in the scoring', () => {
  it('keeps context alone below suspicious however much of it there is', () => {
    const fired = [fire('HIDDEN', 3, ['context']), fire('TRACKER', 3, ['context']), fire('WORDS', 3, ['context'])];
    const scored = scoreRules(fired, config);
    expect(scored.gate?.outcome).toBe('no-accusation');
    expect(scored.score).toBeLessThan(thresholds.suspicious);
    expect(scoreRules(fired, { ...config, evidenceGate: false }).verdict).toBe('phishing');
  });

  it('keeps one accusing finding without corroboration below suspicious', () => {
    const scored = scoreRules([fire('ASK', 6, ['intent'])], config);
    expect(scored.gate).toMatchObject({ outcome: 'uncorroborated', kinds: ['intent'] });
    expect(scored.verdict).toBe('safe');
  });

  it('lets one kind with a second finding reach suspicious, never phishing', () => {
    const scored = scoreRules([fire('ASK', 6, ['intent']), fire('WORDS', 1, ['context'])], config);
    expect(scored.gate).toMatchObject({ outcome: 'corroborated', corroboratingRule: 'WORDS' });
    expect(scored.verdict).toBe('suspicious');
  });

  it('counts a corroborating fact of the message as the second fact', () => {
    const scored = scoreRules([fire('ASK', 6, ['intent'])], config, { corroboration: 'it comes from the free-mail address a@gmail.com' });
    expect(scored.gate).toMatchObject({ outcome: 'corroborated', corroboration: 'it comes from the free-mail address a@gmail.com' });
    expect(scored.verdict).toBe('suspicious');
  });

  it('lets a strong finding stand alone as suspicious', () => {
    const scored = scoreRules([fire('LOOKALIKE', 6, ['mechanism'], { strong: true })], config);
    expect(scored.gate).toMatchObject({ outcome: 'strong', strongRule: 'LOOKALIKE' });
    expect(scored.verdict).toBe('suspicious');
  });

  it('needs two accusing kinds for phishing, one rule may carry both', () => {
    expect(scoreRules([fire('CLAIM', 3, ['identity']), fire('ASK', 3, ['intent'])], config).verdict).toBe('phishing');
    expect(scoreRules([fire('CLAIM_WITH_ASK', 6, ['identity', 'intent'])], config).gate?.outcome).toBe('two-kinds');
    // Two findings of one kind corroborate each other but are one kind.
    expect(scoreRules([fire('CLAIM', 3, ['identity']), fire('CLAIM2', 3, ['identity'])], config).verdict).toBe('suspicious');
  });

  it('takes no greeting for a second fact beside a finding that vouches for the sender', () => {
    const ask = fire('SCAM_OFFER_LANGUAGE', 6, ['intent']);
    const greeting = fire('GENERIC_GREETING', 1, ['context']);
    const aligned = fire('SENDER_LINKS_ALIGNED', -1, ['genuine']);
    expect(scoreRules([ask, greeting], config).gate).toMatchObject({ outcome: 'corroborated', corroboratingRule: 'GENERIC_GREETING' });
    expect(scoreRules([ask, greeting, aligned], config).gate?.outcome).toBe('uncorroborated');
    expect(scoreRules([ask, greeting, aligned], config).verdict).toBe('safe');
    // Other context still corroborates there, and the classifier's pull towards legitimate vouches for nothing.
    expect(scoreRules([ask, greeting, aligned, fire('URGENCY_LANGUAGE', 1, ['context'])], config).gate).toMatchObject({ outcome: 'corroborated', corroboratingRule: 'URGENCY_LANGUAGE' });
    expect(scoreRules([ask, greeting, fire('CLASSIFIER_HAM', -0.2, ['genuine'], { group: 'classifier' })], config).gate?.outcome).toBe('corroborated');
  });

  it('counts neither traces below GATE_MIN_WEIGHT nor the classifier as facts', () => {
    const trace = fire('ASK', GATE_MIN_WEIGHT / 2, ['intent']);
    expect(scoreRules([fire('CLAIM', 6, ['identity']), trace], config).gate?.outcome).toBe('uncorroborated');
    const classifier = fire('CLASSIFIER_PHISH', 3, ['intent'], { group: 'classifier' });
    expect(scoreRules([fire('CLAIM', 6, ['identity']), classifier], config).gate?.outcome).toBe('uncorroborated');
  });

  it('only lowers a score', () => {
    const findings = new Map<string, GateFinding>([['A', { id: 'A', kinds: ['identity', 'intent'], strong: false, assisting: false }]]);
    expect(evidenceGate([{ id: 'A', strength: 1, weight: 1, reason: '' }], findings, null, thresholds).maxScore).toBeNull();
    expect(scoreRules([fire('ASK', 0.5, ['intent'])], config).score).toBe(scoreRules([fire('ASK', 0.5, ['intent'])], { ...config, evidenceGate: false }).score);
  });
});

describe('evidence kinds of the rules', () => {
  it('gives every built-in rule a kind', () => {
    const missing = DETECTORS.filter((d) => !d.kinds && !RULE_EVIDENCE[d.id]).map((d) => d.id);
    expect(missing).toEqual([]);
  });

  it('reads strength-dependent kinds and strong findings from the table', () => {
    expect(kindsOf({ id: 'URL_FREE_HOSTING' }, 0.5)).toEqual(['context']);
    expect(kindsOf({ id: 'URL_FREE_HOSTING' }, 1)).toEqual(['mechanism']);
    // A form without a password field (search box, poll) is context; with one, a mechanism and an ask.
    expect(kindsOf({ id: 'HTML_FORM' }, 0.3)).toEqual(['context']);
    expect(kindsOf({ id: 'HTML_FORM' }, 1)).toEqual(['mechanism', 'intent']);
    expect(strongAt({ id: 'HTML_FORM' }, 1, false)).toBe(true);
    expect(kindsOf({ id: 'PLUGIN', kinds: ['intent'] })).toEqual(['intent']);
    expect(kindsOf({ id: 'UNKNOWN_RULE' })).toEqual(['context']);
    expect(strongAt({ id: 'AUTH_FAIL' }, 0.7, false)).toBe(true);
    expect(strongAt({ id: 'AUTH_FAIL' }, 0.5, false)).toBe(false);
    expect(strongAt({ id: 'URGENCY_LANGUAGE' }, 1, true)).toBe(true);
  });
});

describe('corroborating facts of the message', () => {
  const brands = new BrandIndex();
  type Facts = Pick<MessageFacts, 'sender' | 'urls' | 'brands' | 'phrases'>;
  /** `tags`: lexicon hits of the text ("scam:…" for a scam offer's story). */
  const facts = (sender: Partial<MessageFacts['sender']>, hosts: Array<[string, string]> = [], tags: string[] = []): Facts =>
    ({ sender: { address: 'a@x.test', displayName: '', domain: 'x.test', registrable: 'x.test', freemail: false, ...sender }, urls: hosts.map(([domain, kind]) => ({ info: { domain }, kind })), brands, phrases: tags.map((tag) => ({ tag, pattern: '', text: '', index: 0 })) }) as unknown as Facts;
  const scam = (sender: Partial<MessageFacts['sender']>) => facts(sender, [], ['scam:airdrop']);

  it('names a free-mail sender, a Microsoft tenant default domain and links that all go elsewhere', () => {
    expect(corroboratingFact(facts({ address: 'bob@gmail.com', domain: 'gmail.com', registrable: 'gmail.com', freemail: true }))).toBe('it comes from the free-mail address bob@gmail.com');
    expect(corroboratingFact(facts({ address: 'it@contoso.onmicrosoft.com', domain: 'contoso.onmicrosoft.com', registrable: 'onmicrosoft.com' }))).toMatch(/contoso\.onmicrosoft\.com, a Microsoft tenant's default domain/);
    expect(corroboratingFact(facts({ address: 'n@shop.test', domain: 'shop.test', registrable: 'shop.test' }, [['login-verify.test', 'a']]))).toBe("none of its links goes to the sender's own site shop.test");
  });

  it('names nothing when a link goes to the sender, when only trackers or images are linked, or without links', () => {
    expect(corroboratingFact(facts({ registrable: 'shop.test' }, [['shop.test', 'a'], ['cdn.test', 'a']]))).toBeNull();
    expect(corroboratingFact(facts({ registrable: 'shop.test' }, [['sendgrid.net', 'a'], ['img.test', 'img']]))).toBeNull();
    expect(corroboratingFact(facts({ registrable: 'shop.test' }))).toBeNull();
    expect(corroboratingFact(facts({ address: '' }))).toBeNull();
  });

  it('counts a link to the sending platform itself as a link home (a newsletter sent from <writer@substack.com>)', () => {
    expect(corroboratingFact(facts({ address: 'writer@substack.com', domain: 'substack.com', registrable: 'substack.com' }, [['news.test', 'a'], ['substack.com', 'a']]))).toBeNull();
    // The same platform's tracker in someone else's mail tells nothing: links elsewhere still disown the sender.
    expect(corroboratingFact(facts({ address: 'n@shop.test', domain: 'shop.test', registrable: 'shop.test' }, [['news.test', 'a'], ['substack.com', 'a']]))).toBe("none of its links goes to the sender's own site shop.test");
  });

  it('names a display name none of whose words the sender address carries, beside a scam offer\'s story', () => {
    expect(corroboratingFact(scam({ displayName: 'Scroll', address: 'noreply@src.test', domain: 'src.test', registrable: 'src.test' }))).toBe('it is sent as "Scroll" from src.test, whose address carries no word of that name');
    expect(corroboratingFact(scam({ displayName: 'Patricia Vance', address: 'office@consulting.test', domain: 'consulting.test', registrable: 'consulting.test' }))).toMatch(/sent as "Patricia Vance"/);
    expect(corroboratingFact(facts({ displayName: 'Scroll', address: 'noreply@src.test', domain: 'src.test', registrable: 'src.test' }, [], ['crypto:claim your tokens']))).toMatch(/sent as "Scroll"/);
  });

  it('names nothing of the display name when a link leads to the sender\'s own site (a newsletter named apart from its domain)', () => {
    expect(corroboratingFact(facts({ displayName: 'Morning Brief', address: 'newsletter@markets.test', domain: 'markets.test', registrable: 'markets.test' }, [['markets.test', 'a'], ['news.test', 'a']], ['scam:passive income']))).toBeNull();
  });

  it('names nothing of the display name beside a payment or sign-in ask alone (platforms send in their customers\' names)', () => {
    expect(corroboratingFact(facts({ displayName: 'Maple Court Apartments', address: 'noreply@rentportal.test', domain: 'rentportal.test', registrable: 'rentportal.test' }, [], ['payment:update your payment information']))).toBeNull();
  });

  it('names nothing when a word of the display name is in the local part or the domain, or when it has only role words', () => {
    expect(corroboratingFact(scam({ displayName: 'Bankless', address: 'bankless@substack.test', domain: 'substack.test', registrable: 'substack.test' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'Patricia Vance', address: 'p.vance@consulting.test', domain: 'consulting.test', registrable: 'consulting.test' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'Bank of America', address: 'alerts@bankofamerica.test', domain: 'bankofamerica.test', registrable: 'bankofamerica.test' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'Gary Murphy', address: 'garym@isp.test', domain: 'isp.test', registrable: 'isp.test' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'Customer Support Team', address: 'help@shop.test', domain: 'shop.test', registrable: 'shop.test' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'J. K.', address: 'help@shop.test', domain: 'shop.test', registrable: 'shop.test' }))).toBeNull();
  });

  it('names nothing when a catalogued brand or service, or a mailing service, sends in its customer\'s name', () => {
    expect(corroboratingFact(scam({ displayName: "Joe's Plumbing", address: 'quickbooks@notification.intuit.com', domain: 'notification.intuit.com', registrable: 'intuit.com' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'Harbour Dental', address: 'bounces@sendgrid.net', domain: 'sendgrid.net', registrable: 'sendgrid.net' }))).toBeNull();
    expect(corroboratingFact(scam({ displayName: 'Harbour Dental', address: 'office@smiles.test', domain: 'smiles.test', registrable: 'smiles.test' }))).toMatch(/sent as "Harbour Dental"/);
  });
});

describe('reasons keep their promise', () => {
  const reasons = ['ASK reason', 'WORDS reason'];
  const byRule = new Map([['ASK', 'ASK reason']]);

  it('marks the strong finding and adds the corroborating fact', () => {
    expect(withGateReasons(reasons, byRule, { outcome: 'strong', kinds: ['intent'], strongRule: 'ASK', maxScore: 0.79 }, 'suspicious')[0]).toBe('ASK reason (strong on its own)');
    expect(withGateReasons(reasons, byRule, { outcome: 'corroborated', kinds: ['intent'], corroboration: 'it comes from the free-mail address a@gmail.com', maxScore: 0.79 }, 'suspicious')).toEqual([...reasons, 'Besides: it comes from the free-mail address a@gmail.com']);
  });

  it('leaves a safe verdict\'s reasons alone', () => {
    expect(withGateReasons(reasons, byRule, { outcome: 'strong', kinds: ['intent'], strongRule: 'ASK', maxScore: 0.79 }, 'safe')).toEqual(reasons);
  });
});
