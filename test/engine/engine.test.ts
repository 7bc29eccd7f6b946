import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { emptyMessage, type NormalizedMessage } from '../../src/core/message.js';
import type { Detector } from '../../src/engine/detector.js';
import { createEngine } from '../../src/engine/engine.js';
import { DETECTORS } from '../../src/engine/registry.js';
import { noAuthentication, type AuthenticationFacts, type Provenance } from '../../src/core/authentication.js';
import type { AuthOutcome } from '../../src/core/message.js';
import type { AnalysisContext, ListEntryRef } from '../../src/engine/types.js';

const config = loadConfig({ env: {} }).engine;
const ctx = (over: Partial<AnalysisContext> = {}): AnalysisContext => ({ allowList: [], blockList: [], tenantDomains: [], now: 0, ...over });

/** Authentication facts of one provenance for the From domain (shop.example.com unless given). */
function auth(provenance: Provenance, results: { spf?: AuthOutcome; dmarc?: AuthOutcome }, domain = 'shop.example.com'): AuthenticationFacts {
  const facts = noAuthentication();
  if (results.spf) facts.spf = { result: results.spf, domain, provenance };
  if (results.dmarc) facts.dmarc = { result: results.dmarc, domain, policy: 'reject', provenance };
  return facts;
}
const entry = (type: 'domain' | 'email', value: string): ListEntryRef => ({ id: `le_${value}`, type, value, note: null });

/** A message as the REST API builds it from JSON fields (no raw_email). */
function apiMessage(over: Partial<NormalizedMessage> = {}): NormalizedMessage {
  return { ...emptyMessage(), subject: 'Hello', from: { name: '', address: 'news@shop.example.com' }, text: 'Our spring catalogue is out.', ...over };
}

describe('createEngine', () => {
  it('refuses to start when a registered rule has no weight', () => {
    const { CLASSIFIER_PHISH: _dropped, ...weights } = config.weights;
    expect(() => createEngine({ config: { ...config, weights }, classifier: null })).toThrow(/no weight for rule CLASSIFIER_PHISH/);
  });

  it('every registered rule has a weight and a description in the shipped config', () => {
    for (const detector of DETECTORS) {
      expect(config.weights[detector.id], detector.id).toBeTypeOf('number');
      expect(detector.description.length, detector.id).toBeGreaterThan(10);
    }
  });

  it('isolates a throwing detector: it scores nothing and is reported', async () => {
    const broken: Detector = { id: 'URL_IP_HOST', group: 'url', description: 'always throws for the test', run: () => { throw new Error('boom'); } };
    const errors: string[] = [];
    const engine = createEngine({ config, classifier: null, detectors: [broken, ...DETECTORS.filter((d) => d.id !== 'URL_IP_HOST')], onDetectorError: (id) => errors.push(id) });
    const result = await engine.analyze(apiMessage({ urls: ['http://198.51.100.7/login'] }), ctx());
    expect(errors).toEqual(['URL_IP_HOST']);
    expect(result.rules.map((r) => r.id)).not.toContain('URL_IP_HOST');
  });

  it('returns the documented shape (docs/api.md): verdict by thresholds, recommendation, model, urls with flags, coverage', async () => {
    const engine = createEngine({ config });
    const result = await engine.analyze(apiMessage({ subject: 'Your account has been suspended', text: 'Verify your account within 24 hours: ', urls: ['http://198.51.100.23/paypal/login'] }), ctx());
    expect(result.model).toBe(`phishgate-local-${engine.version}`);
    expect(result.verdict).toBe(result.score >= 0.8 ? 'phishing' : result.score >= 0.5 ? 'suspicious' : 'safe');
    expect(result.recommendation).toBe({ phishing: 'quarantine', suspicious: 'deliver_with_warning', safe: 'deliver' }[result.verdict]);
    expect(result.urls).toEqual([{ url: 'http://198.51.100.23/paypal/login', domain: '198.51.100.23', flags: expect.arrayContaining(['ip_host']) }]);
    expect(result.indicators).toMatchObject({ suspicious_links: true, urgency_pressure: true, credential_request: true });
    expect(result.reasons.some((r) => r.includes('198.51.100.23'))).toBe(true);
  });

  it('notes in coverage that the classifier read only classifier_chars of the body', async () => {
    const result = await createEngine({ config }).analyze(apiMessage({ text: 'word '.repeat(2000) }), ctx());
    expect(result.coverage).toContain('body truncated at 4000 characters for the classifier');
  });

  it('flags a verified DMARC failure, and ignores the same result when it is only claimed', async () => {
    const engine = createEngine({ config, classifier: null });
    const result = await engine.analyze(apiMessage(), ctx({ authentication: auth('verified', { dmarc: 'fail', spf: 'fail' }) }));
    expect(result.rules.find((r) => r.id === 'AUTH_FAIL')?.reason).toMatch(/DMARC failed for shop\.example\.com/);
    expect(result.indicators.impersonation).toBe(true);
    const claimed = await engine.analyze(apiMessage(), ctx({ authentication: auth('claimed', { dmarc: 'fail', spf: 'fail' }) }));
    expect(claimed.rules.map((r) => r.id)).not.toContain('AUTH_FAIL');
  });
});

describe('allow and block lists (docs/api.md)', () => {
  const engine = createEngine({ config, classifier: null });

  it('block beats allow: phishing 0.95 with a reason naming the entry', async () => {
    const result = await engine.analyze(apiMessage(), ctx({ blockList: [entry('domain', 'example.com')], allowList: [entry('email', 'news@shop.example.com')] }));
    expect(result).toMatchObject({ verdict: 'phishing', score: 0.95, confidence: 1, recommendation: 'quarantine' });
    expect(result.reasons[0]).toMatch(/block list: domain example\.com/);
  });

  it('an allowed sender with an aligned verified or trusted pass is safe, with a reason naming the entry', async () => {
    for (const provenance of ['verified', 'trusted-header'] as const) {
      const result = await engine.analyze(apiMessage({ subject: 'URGENT verify your account now' }), ctx({ allowList: [entry('domain', 'shop.example.com')], authentication: auth(provenance, { dmarc: 'pass' }) }));
      expect(result).toMatchObject({ verdict: 'safe', score: 0 });
      expect(result.reasons[0]).toMatch(/allow list \(DMARC passed\): domain shop\.example\.com/);
    }
  });

  it('without counted authentication the entry is a bounded hint, never a verdict', async () => {
    const phishy = apiMessage({ subject: 'URGENT verify your account now', text: 'Your account is suspended. Verify now: ', urls: ['http://198.51.100.23/login'] });
    const listed = ctx({ allowList: [entry('domain', 'shop.example.com')] });
    for (const authentication of [undefined, auth('claimed', { dmarc: 'pass', spf: 'pass' })]) {
      const result = await engine.analyze(phishy, { ...listed, ...(authentication ? { authentication } : {}) });
      const rule = result.rules.find((r) => r.id === 'ALLOW_LIST_UNVERIFIED');
      expect(rule?.weight).toBe(config.weights.ALLOW_LIST_UNVERIFIED);
      expect(result.score).toBeGreaterThan(0);
      expect(result.reasons.join(' ')).not.toMatch(/is on the allow list:/);
    }
    const without = await engine.analyze(phishy, ctx());
    expect((await engine.analyze(phishy, listed)).score).toBeLessThan(without.score);
  });

  it('refuses an ALLOW_LIST_UNVERIFIED weight outside [-3, 0]', () => {
    for (const weight of [-5, 1]) {
      expect(() => createEngine({ config: { ...config, weights: { ...config.weights, ALLOW_LIST_UNVERIFIED: weight } }, classifier: null })).toThrow(/ALLOW_LIST_UNVERIFIED must be between -3 and 0/);
    }
  });

  it('ignores the allow entry when DMARC or SPF fails for that domain, and says so', async () => {
    const result = await engine.analyze(apiMessage(), ctx({ allowList: [entry('domain', 'example.com')], authentication: auth('verified', { dmarc: 'fail' }) }));
    expect(result.reasons.at(-1)).toMatch(/Allow-list entry domain example\.com ignored: DMARC failed/);
    expect(result.rules.map((r) => r.id)).not.toContain('ALLOW_LIST_UNVERIFIED');
  });
});

describe('evasion and internal mail', () => {
  const engine = createEngine({ config, classifier: null });
  it('flags styled Unicode look-alike letters and reads through them', async () => {
    const result = await engine.analyze(apiMessage({ subject: '𝐕𝐞𝐫𝐢𝐟𝐲 𝐲𝐨𝐮𝐫 𝐚𝐜𝐜𝐨𝐮𝐧𝐭', text: 'Your account has been suspended.' }), ctx());
    expect(result.rules.map((r) => r.id)).toEqual(expect.arrayContaining(['UNICODE_OBFUSCATION', 'CREDENTIAL_REQUEST']));
  });

  it('authenticated mail from the tenant domain counts as internal; unauthenticated does not', async () => {
    const internal = apiMessage({ from: { name: 'Claire', address: 'claire@example.com' } });
    const tenant = ctx({ tenantDomains: ['example.com'] });
    const fromTenant = (provenance: Provenance) => ({ ...tenant, authentication: auth(provenance, { dmarc: 'pass' }, 'example.com') });
    expect((await engine.analyze(internal, fromTenant('verified'))).rules.map((r) => r.id)).toContain('INTERNAL_AUTHENTICATED');
    expect((await engine.analyze(internal, fromTenant('trusted-header'))).rules.map((r) => r.id)).toContain('INTERNAL_AUTHENTICATED');
    // A forged Authentication-Results (claimed) is the CEO-fraud attack: it must earn nothing.
    expect((await engine.analyze(internal, fromTenant('claimed'))).rules.map((r) => r.id)).not.toContain('INTERNAL_AUTHENTICATED');
    expect((await engine.analyze(internal, tenant)).rules.map((r) => r.id)).not.toContain('INTERNAL_AUTHENTICATED');
  });
});

describe('forwarded mail (docs/detection.md "Forwarded mail")', () => {
  const forward = (from: NormalizedMessage['from'], block: string): NormalizedMessage =>
    apiMessage({ subject: 'Fw: Your account', from, text: `Is this real?\n\n________________________________\n${block}` });
  const lure = 'From: Microsoft 365 Team <alerts@m365-support.top>\nSent: Monday\nTo: rita@example.com\nSubject: Your mailbox will be closed\n\nVerify your account now: https://m365-support.top/verify/login';

  it('judges the forwarded message too and says so', async () => {
    const engine = createEngine({ config, classifier: null });
    const result = await engine.analyze(forward({ name: 'Rita', address: 'rita@example.com' }, lure), ctx());
    expect(result.verdict).not.toBe('safe');
    expect(result.reasons[0]).toBe('Judged as the message it forwards, from alerts@m365-support.top (forwarded by rita@example.com)');
    expect(result.rules.map((r) => r.id)).toContain('DISPLAY_NAME_BRAND');
    // The same text without a forward subject is the sender's own mail: no second judgement.
    const plain = await engine.analyze({ ...forward({ name: 'Rita', address: 'rita@example.com' }, lure), subject: 'Your account' }, ctx());
    expect(plain.reasons[0]).not.toMatch(/^Judged as the message it forwards/);
  });

  it('never lowers a verdict: a forged block naming a brand does not vouch for the lure around it', async () => {
    const engine = createEngine({ config, classifier: null });
    const lureSender = { name: 'PayPal Service', address: 'service@paypal-help.top' };
    const forged = forward(lureSender, 'From: PayPal <service@paypal.com>\nSent: Monday\nTo: x@example.com\nSubject: Receipt\n\nSee https://www.paypal.com/myaccount');
    const alone = await engine.analyze({ ...forged, subject: 'Your account', text: 'See https://www.paypal.com/myaccount' }, ctx());
    const result = await engine.analyze(forged, ctx());
    expect(alone.verdict).not.toBe('safe');
    expect(result.score).toBeGreaterThanOrEqual(alone.score);
    expect(result.reasons[0]).not.toMatch(/^Judged as the message it forwards/);
  });

  it('keeps an allow-listed forwarder\'s verdict', async () => {
    const engine = createEngine({ config, classifier: null });
    const result = await engine.analyze(forward({ name: 'Rita', address: 'rita@example.com' }, lure), ctx({ allowList: [entry('domain', 'example.com')], authentication: auth('verified', { dmarc: 'pass' }, 'example.com') }));
    expect(result.verdict).toBe('safe');
  });
});
