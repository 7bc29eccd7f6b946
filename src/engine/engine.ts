import { recommendationFor, type EngineResult, type FoundUrl, type Indicators, type Verdict } from '../core/analysis.js';
import type { NormalizedMessage } from '../core/message.js';
import type { Config } from '../config/schema.js';
import { BrandIndex } from './brand-index.js';
import type { ClassifierModel } from './classifier/model.js';
import { loadConfiguredModel, runClassifierStage } from './classifier/stage.js';
import type { Brand } from './data/brand-types.js';
import type { Detector, DetectorHit } from './detector.js';
import { ALLOW_UNVERIFIED_WEIGHT_RANGE } from './detectors/authenticated.js';
import { buildFacts, type FactsOptions } from './facts.js';
import { corroboratingFact } from './corroboration.js';
import { kindsOf, strongAt } from './evidence-kinds.js';
import { withGateReasons } from './gate-reasons.js';
import { createLexiconMatcher } from './lexicon/index.js';
import { decideLists } from './lists.js';
import { safeReasons } from './explain.js';
import { isPlainCorrespondence, judge, writesFromRecipientsOrganisation } from './judgement.js';
import { judgementFacts } from './judgement-view.js';
import { decideAllLists } from './recipient-lists.js';
import { LLM_RULE_ID, type LlmStage } from './llm/stage.js';
import { runRule, type RunRuleOptions } from './rule-runner.js';
import { ruleOptionsOf, validateRuleConfig } from './rule-config.js';
import { DETECTORS } from './registry.js';
import { scoreRules, type Fired } from './scoring.js';
import { forwardedMessage } from './forwarded.js';
import type { AnalysisContext, Engine } from './types.js';
import { ENGINE_VERSION } from './engine-version.js';
import { shownAsWritten } from './text/words.js';

export { ENGINE_VERSION };
/** Words of rule text the language rules read at most. */
const MAX_WORDS = 200_000;

export interface EngineDeps {
  config: Config['engine'];
  detectors?: readonly Detector[];
  /** Called when a detector throws: it scores nothing, the analysis goes on. */
  onDetectorError?: (id: string, error: unknown) => void;
  /** A loaded model; `null` runs without classifier; absent loads `config.model_path` or the shipped model. */
  classifier?: ClassifierModel | null;
  /** Optional LLM stage (see llm/stage.ts); absent or null = local engine only. */
  llm?: LlmStage | null;
  brands?: readonly Brand[];
}

const INDICATOR_MIN_WEIGHT = 0.5;
/** Smallest contribution (log-odds) worth telling a reader about. */
const REASON_MIN_WEIGHT = 0.25;
const BRAND_RULE_ORDER = ['BRAND_DMARC_REJECT', 'IMPERSONATION_WITH_ASK', 'BRAND_SPOOFING', 'DISPLAY_NAME_BRAND', 'URL_LOOKALIKE', 'SENDER_LOOKALIKE', 'FREEMAIL_CORPORATE', 'DISGUISED_TEXT'];

export function createEngine(deps: EngineDeps): Engine {
  const config = deps.config;
  const detectors = [...(deps.detectors ?? DETECTORS), ...(deps.llm ? [deps.llm.rule] : [])];
  const weights: Record<string, number> = { ...config.weights, ...(deps.llm ? { [LLM_RULE_ID]: deps.llm.weight } : {}) };
  validateRuleConfig(detectors, config);
  const ruleOptions = ruleOptionsOf(detectors, config.rule_options);
  const staged = [1, 2, 3].flatMap((stage) => detectors.filter((d) => (d.stage ?? 1) === stage));
  const localOnly = staged.filter((d) => d.id !== LLM_RULE_ID);
  const allowWeight = config.weights.ALLOW_LIST_UNVERIFIED ?? 0;
  if (allowWeight < ALLOW_UNVERIFIED_WEIGHT_RANGE.min || allowWeight > ALLOW_UNVERIFIED_WEIGHT_RANGE.max) {
    // An unauthenticated allow entry is a hint, never a verdict (docs/authentication.md "Allow list").
    throw new Error(`engine.weights.ALLOW_LIST_UNVERIFIED must be between ${ALLOW_UNVERIFIED_WEIGHT_RANGE.min} and ${ALLOW_UNVERIFIED_WEIGHT_RANGE.max}, got ${allowWeight}`);
  }
  const classifier = deps.classifier === undefined ? loadConfiguredModel(config) : deps.classifier;
  const brands = new BrandIndex(deps.brands);
  const lexicon = createLexiconMatcher();
  const localModel = `phishgate-local-${ENGINE_VERSION}`;
  const groupOf = new Map(detectors.map((d) => [d.id, d]));

  /** One pass over one message; `bodyText` and `listed` let `analyze` decide whether to judge a forward too. */
  async function analyzeOnce(message: NormalizedMessage, ctx: AnalysisContext, rules: readonly Detector[], parsedHtml: FactsOptions['parsedHtml'] = null): Promise<{ result: EngineResult; bodyText: string; listed: boolean; html: FactsOptions['parsedHtml'] }> {
    const facts = buildFacts(message, ctx, { brands, lexicon }, { maxUrls: config.limits.max_urls, maxHtmlChars: config.limits.max_html_chars, maxWords: MAX_WORDS, parsedHtml });
    const html = message.html && facts.html ? { source: message.html, html: facts.html } : null;
    facts.judgement = judge(facts);
    const coverage = [...message.coverage, ...facts.coverage];
    const found: FoundUrl[] = facts.urls.map((u) => ({
      url: u.url,
      domain: u.info?.domain ?? u.url.slice(0, u.url.indexOf(':')),
      flags: u.wrappers.length ? ['unwrapped'] : [],
      ...(u.original ? { original: u.original } : {}),
    }));
    const indicators: Indicators = { impersonation: false, urgency_pressure: false, suspicious_links: false, credential_request: false, brand_spoofing: null };

    const lists = decideAllLists(message, ctx, facts.auth, decideLists);
    if (lists.kind !== 'none') {
      const blocked = lists.kind === 'blocked';
      const verdict: Verdict = blocked ? 'phishing' : 'safe';
      const result: EngineResult = { verdict, score: blocked ? 0.95 : 0, confidence: 1, model: localModel, reasons: [lists.reason], indicators, recommendation: recommendationFor(verdict), urls: found, coverage, rules: [] };
      return { result, bodyText: facts.bodyText, listed: true, html };
    }

    // A tenant's own model, when it has one (docs/recipients.md, "Tenant learning").
    facts.classification = runClassifierStage(ctx.classifier ?? classifier, facts, config, coverage);

    const fired: Fired[] = [];
    const brandsByRule = new Map<string, string>();
    const note = (text: string): void => {
      coverage.push(text);
    };
    // One options object for every rule of this analysis; only a rule with tuning options gets its own.
    const runOptions: RunRuleOptions = { defaultDeadlineMs: config.rule_deadline_ms, note, ...(deps.onDetectorError ? { onError: deps.onDetectorError } : {}) };
    // Later stages read what earlier ones found (docs/detection.md "How a verdict is reached").
    for (const detector of rules) {
      if ((detector.stage ?? 1) > 1 && facts.fired.length !== fired.length) {
        facts.fired = fired.map((f) => ({ id: f.id, strength: f.strength, contribution: f.contribution, reason: f.reason, ...(brandsByRule.has(f.id) ? { brand: brandsByRule.get(f.id)! } : {}) }));
      }
      const tuned = ruleOptions.get(detector.id);
      const answer = runRule(detector, facts, tuned ? { ...runOptions, ruleOptions: tuned } : runOptions);
      const hits = answer instanceof Promise ? await answer : answer;
      const best = hits?.reduce<DetectorHit | undefined>((top, h) => (!top || h.strength > top.strength ? h : top), undefined);
      if (!hits || !best || best.strength <= 0) continue;
      const direction = Math.max(-1, Math.min(1, best.direction ?? 1));
      fired.push({ id: detector.id, group: detector.group, strength: best.strength, reason: best.reason, contribution: (weights[detector.id] ?? 0) * best.strength * direction, kinds: kindsOf(detector, best.strength), strong: strongAt(detector, best.strength, best.strong === true), ...(detector.identityIntent ? { identityIntent: true } : {}) });
      const brand = hits.find((h) => h.brand)?.brand;
      if (brand) brandsByRule.set(detector.id, brand);
      for (const hit of hits) {
        const url = hit.url === undefined ? undefined : found.find((f) => f.url === hit.url);
        if (url && hit.flag && !url.flags.includes(hit.flag)) url.flags.push(hit.flag);
      }
    }
    const model = deps.llm && fired.some((f) => f.id === LLM_RULE_ID) ? `${deps.llm.model}+local` : localModel;

    const bounds = config.classifier_bounds;
    const scored = scoreRules(fired, {
      bias: config.bias,
      scale: config.scale,
      groupCaps: config.group_caps,
      thresholds: config.thresholds,
      // A tenant's own model learnt which of the rules' findings its people release (docs/recipients.md).
      classifier: { aloneMaxScore: bounds.alone_max_score, otherEvidenceMin: bounds.other_evidence_min, maxPositive: bounds.max_positive, maxNegative: bounds.max_negative, clearsFindings: ctx.classifier !== undefined },
      singleFindingMaxScore: config.single_finding_max_score,
      evidenceGate: config.evidence_gate,
    }, { internal: writesFromRecipientsOrganisation(facts), plain: isPlainCorrespondence(facts), corroboration: config.evidence_gate ? corroboratingFact(facts) : null });
    for (const rule of scored.rules) {
      if (rule.weight < INDICATOR_MIN_WEIGHT) continue;
      const detector = groupOf.get(rule.id);
      if (detector?.indicator) indicators[detector.indicator] = true;
      if (detector?.group === 'url') indicators.suspicious_links = true;
    }
    const brandRule = BRAND_RULE_ORDER.find((id) => brandsByRule.has(id) && scored.rules.some((r) => r.id === id && r.weight >= INDICATOR_MIN_WEIGHT));
    indicators.brand_spoofing = brandRule ? brandsByRule.get(brandRule) ?? null : null;
    if (indicators.brand_spoofing) indicators.impersonation = true;

    // A safe verdict does not list faint phishing hints as its reasons ("resembles phishing: 57%").
    const positiveFloor = scored.verdict === 'safe' ? INDICATOR_MIN_WEIGHT : REASON_MIN_WEIGHT;
    // The classifier's opinion is never a reason for a safe verdict (docs/detection.md "Reasons").
    const shown = scored.verdict === 'safe' ? scored.rules.filter((r) => groupOf.get(r.id)?.group !== 'classifier') : scored.rules;
    const positive = shown.filter((r) => r.weight >= positiveFloor).map((r) => r.reason);
    const negative = shown.filter((r) => r.weight <= -REASON_MIN_WEIGHT).map((r) => r.reason);
    const ordered = scored.verdict === 'safe' ? [...negative, ...safeReasons(facts, facts.judgement).filter((r) => !negative.length || !r.startsWith('Every link')), ...positive] : [...positive, ...negative];
    const gated = withGateReasons(ordered, new Map(fired.map((f) => [f.id, f.reason])), scored.gate, scored.verdict);
    const reasons = [...(gated.length ? gated.slice(0, 8) : ['No phishing indicators found']), ...lists.notes].map(shownAsWritten);
    const result: EngineResult = {
      verdict: scored.verdict,
      score: scored.score,
      confidence: scored.confidence,
      model,
      reasons,
      indicators,
      recommendation: recommendationFor(scored.verdict),
      urls: found,
      coverage,
      rules: scored.rules.map((r) => ({ ...r, reason: shownAsWritten(r.reason) })),
      ...(facts.judgement && { judgement: judgementFacts(facts.judgement) }),
    };
    return { result, bodyText: facts.bodyText, listed: false, html };
  }

  async function analyze(message: NormalizedMessage, ctx: AnalysisContext): Promise<EngineResult> {
    const outer = await analyzeOnce(message, ctx, staged);
    const forwarded = outer.listed ? null : forwardedMessage(message, outer.bodyText);
    if (!forwarded) return outer.result;
    // The forwarded message is judged by the local rules only (no second hosted-LLM call), and can only
    // raise the verdict: its header block is whatever the forwarder wrote (src/engine/forwarded.ts).
    const { authentication: _forwarder, headerTrust: _forwarderHeaders, ...innerCtx } = ctx;
    // Same body as the outer message: its HTML is not parsed again.
    const inner = await analyzeOnce(forwarded, innerCtx, localOnly, outer.html);
    if (inner.listed || inner.result.score <= outer.result.score) return outer.result;
    const note = `Judged as the message it forwards, from ${forwarded.from!.address} (forwarded by ${message.from?.address || 'an unknown sender'})`;
    return { ...inner.result, reasons: [note, ...inner.result.reasons].slice(0, 8), coverage: [...outer.result.coverage, ...inner.result.coverage] };
  }

  return { version: ENGINE_VERSION, analyze };
}
