import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { systemClock } from '../../src/core/clock.js';
import { createRuntime } from '../../src/main.js';
import { emptyMessage } from '../../src/core/message.js';
import type { Detector } from '../../src/engine/detector.js';
import { createEngine } from '../../src/engine/engine.js';
import { DETECTORS } from '../../src/engine/registry.js';
import { ruleOptionsOf, validateRuleConfig } from '../../src/engine/rule-config.js';
import { runRule } from '../../src/engine/rule-runner.js';

const config = loadConfig({ env: {} }).engine;
const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2026-11-24T00:00:00Z') };
const message = () => ({ ...emptyMessage(), subject: 'Quarterly report', bodyText: 'Please find the report attached.' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A rule that answers after `delayMs` (I/O stand-in), noting whether its deadline aborted it. */
function slowRule(delayMs: number, seen: { aborted?: boolean } = {}): Detector {
  return {
    id: 'SLOW_LOOKUP',
    group: 'reputation',
    description: 'answers after a delay',
    deadlineMs: 50,
    async run(_facts, ruleCtx) {
      ruleCtx?.signal.addEventListener('abort', () => (seen.aborted = true));
      await sleep(delayMs);
      return [{ strength: 1, reason: 'The sending host is listed' }];
    },
  };
}

describe('rules: one interface, synchronous or asynchronous, each within its deadline', () => {
  it('an asynchronous answer within the deadline scores like any rule, in a group of its own', async () => {
    const engine = createEngine({ config: { ...config, weights: { ...config.weights, SLOW_LOOKUP: 2 } }, detectors: [...DETECTORS, slowRule(1)], classifier: null });
    const result = await engine.analyze(message(), ctx);
    expect(result.rules.find((r) => r.id === 'SLOW_LOOKUP')).toMatchObject({ weight: 2, reason: 'The sending host is listed' });
  });

  it('an answer past the deadline scores nothing, aborts the rule and says so in coverage', async () => {
    const seen: { aborted?: boolean } = {};
    const engine = createEngine({ config: { ...config, weights: { ...config.weights, SLOW_LOOKUP: 2 } }, detectors: [...DETECTORS, slowRule(400, seen)], classifier: null });
    const result = await engine.analyze(message(), ctx);
    expect(result.rules.map((r) => r.id)).not.toContain('SLOW_LOOKUP');
    expect(result.coverage).toContain('rule SLOW_LOOKUP gave no answer within 50 ms and scored nothing');
    expect(seen.aborted).toBe(true);
  });

  it('a rule that reads its signal only after the deadline finds it aborted; one that answers in time, not', async () => {
    const options = { defaultDeadlineMs: 20, note: () => {} };
    let lateSignal: AbortSignal | undefined;
    const late: Detector = { id: 'LATE_READER', group: 'x', description: '', run: async (_f, c) => { await sleep(60); lateSignal = c?.signal; return []; } };
    expect(await runRule(late, {} as never, options)).toBeNull();
    await sleep(80);
    expect(lateSignal?.aborted).toBe(true);
    let inTime: AbortSignal | undefined;
    const quick: Detector = { id: 'QUICK', group: 'x', description: '', run: (_f, c) => { inTime = c?.signal; return []; } };
    expect(await runRule(quick, {} as never, options)).toEqual([]);
    expect(inTime?.aborted).toBe(false);
  });

  it('a rule that throws or rejects scores nothing and is reported; a late rejection is not left unhandled', async () => {
    const errors: string[] = [];
    const notes: string[] = [];
    const options = { defaultDeadlineMs: 20, note: (t: string) => notes.push(t), onError: (id: string) => errors.push(id) };
    const throwing: Detector = { id: 'THROWS', group: 'x', description: '', run: () => { throw new Error('boom'); } };
    const rejecting: Detector = { id: 'REJECTS', group: 'x', description: '', run: async () => { throw new Error('boom'); } };
    const lateRejecting: Detector = { id: 'LATE', group: 'x', description: '', run: async () => { await sleep(60); throw new Error('late boom'); } };
    const facts = {} as never;
    expect(await runRule(throwing, facts, options)).toBeNull();
    expect(await runRule(rejecting, facts, options)).toBeNull();
    expect(await runRule(lateRejecting, facts, options)).toBeNull();
    let unhandled = 0;
    const onUnhandled = (): void => {
      unhandled++;
    };
    process.on('unhandledRejection', onUnhandled);
    await sleep(100);
    process.off('unhandledRejection', onUnhandled);
    expect(errors).toEqual(['THROWS', 'REJECTS']);
    expect(notes).toEqual(['rule LATE gave no answer within 20 ms and scored nothing']);
    expect(unhandled).toBe(0);
  });
});

describe('rules and their configuration are checked against each other at start-up', () => {
  it('a weight naming no rule (a typo) fails loudly', () => {
    expect(() => validateRuleConfig(DETECTORS, { ...config, weights: { ...config.weights, URL_IP_HOTS: 2 } })).toThrow('engine.weights names no known rule: URL_IP_HOTS');
    expect(() => createEngine({ config: { ...config, weights: { ...config.weights, URL_IP_HOTS: 2 } }, classifier: null })).toThrow(/URL_IP_HOTS/);
  });

  it('a rule without a weight fails', () => {
    const { URL_IP_HOST: _dropped, ...weights } = config.weights;
    expect(() => validateRuleConfig(DETECTORS, { ...config, weights })).toThrow('engine.weights has no weight for rule URL_IP_HOST');
  });

  it('groups are open: a cap for a group a rule names is accepted, a cap for a group no rule has fails', () => {
    const rule = slowRule(1);
    const weights = { ...config.weights, SLOW_LOOKUP: 1 };
    expect(() => validateRuleConfig([...DETECTORS, rule], { weights, group_caps: { ...config.group_caps, reputation: 2 } })).not.toThrow();
    expect(() => validateRuleConfig(DETECTORS, { weights: config.weights, group_caps: { ...config.group_caps, langauge: 2 } })).toThrow('engine.group_caps names no rule group: langauge');
  });
});

describe('rule tuning options: beside the weights, checked both ways at start-up', () => {
  const withOptions = (ruleOptions: Record<string, Record<string, number>>) => ({ ...config, rule_options: { ...config.rule_options, ...ruleOptions } });

  it('an option the rule does not declare (a typo) fails loudly, naming the setting and the rule options', () => {
    expect(() => validateRuleConfig(DETECTORS, withOptions({ URL_MANY_SUBDOMAINS: { min_label: 3 } }))).toThrow(
      'engine.rule_options.URL_MANY_SUBDOMAINS.min_label: rule URL_MANY_SUBDOMAINS has no option min_label (its options: min_labels)',
    );
    expect(() => validateRuleConfig(DETECTORS, withOptions({ URL_IP_HOST: { limit: 1 } }))).toThrow('rule URL_IP_HOST has no option limit (it has no options)');
  });

  it('options for a rule that does not exist, or a value out of range, fail too', () => {
    expect(() => validateRuleConfig(DETECTORS, withOptions({ URL_MANY_SUBDOMAIN: { min_labels: 3 } }))).toThrow('engine.rule_options names no known rule: URL_MANY_SUBDOMAIN');
    expect(() => validateRuleConfig(DETECTORS, withOptions({ HTML_HIDDEN_TEXT: { min_hidden_share: 1.5 } }))).toThrow('engine.rule_options.HTML_HIDDEN_TEXT.min_hidden_share must be between 0 and 1, got 1.5');
    expect(() => validateRuleConfig(DETECTORS, withOptions({ HTML_IMAGE_ONLY: { max_words: 2.5 } }))).toThrow('must be a whole number between 1 and 1000, got 2.5');
  });

  it('serve refuses to start with a typo in a config file, before it opens the store or starts workers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-rule-options-'));
    try {
      const file = join(dir, 'phishgate.yaml');
      writeFileSync(file, 'engine:\n  rule_options:\n    URL_MANY_SUBDOMAINS:\n      min_label: 3\n');
      const loaded = loadConfig({ env: { PHISHGATE_CONFIG: file }, overrides: { database: { url: join(dir, 'never.db') } } });
      await expect(createRuntime(loaded, pino({ level: 'silent' }), systemClock, { workers: true })).rejects.toThrow(
        'engine.rule_options.URL_MANY_SUBDOMAINS.min_label: rule URL_MANY_SUBDOMAINS has no option min_label',
      );
      expect(existsSync(join(dir, 'never.db'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the shipped values are the rules’ own defaults, so setting them changes nothing', () => {
    const declared = DETECTORS.filter((rule) => rule.options).map((rule) => rule.id);
    expect(Object.keys(config.rule_options).sort()).toEqual(declared.sort());
    expect(ruleOptionsOf(DETECTORS, config.rule_options)).toEqual(ruleOptionsOf(DETECTORS, {}));
  });

  it('a changed option changes what the rule fires on', async () => {
    // Three subdomain labels in front of the registrable domain: below the default of four.
    const linked = { ...emptyMessage(), subject: 'Statement', text: 'See https://a.b.c.statement-portal.example/view for details.' };
    const fires = async (engineConfig: typeof config) =>
      (await createEngine({ config: engineConfig, classifier: null }).analyze(linked, ctx)).rules.some((r) => r.id === 'URL_MANY_SUBDOMAINS');
    expect(await fires(config)).toBe(false);
    expect(await fires(withOptions({ URL_MANY_SUBDOMAINS: { min_labels: 3 } }))).toBe(true);
  });
});
