import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { recommendationFor, type EngineResult, type FoundUrl, type Indicators, type Verdict } from '../core/analysis.js';
import type { NormalizedMessage } from '../core/message.js';
import type { Config } from '../config/schema.js';
import { BrandIndex } from './brand-index.js';
import { classifierFeatures } from './classifier/features.js';
import { loadModel, predict, type ClassifierModel } from './classifier/model.js';
import { SHIPPED_MODEL_PATH } from './classifier/shipped.js';
import type { Brand } from './data/brand-types.js';
import type { Detector, DetectorHit } from './detector.js';
import { ALLOW_UNVERIFIED_WEIGHT_RANGE } from './detectors/authenticated.js';
import { CLASSIFIER_LOGIT_RANGE } from './detectors/classifier.js';
import { buildFacts, type ClassificationFacts, type MessageFacts } from './facts.js';
import { createLexiconMatcher } from './lexicon/index.js';
import { decideLists } from './lists.js';
import { safeReasons } from './explain.js';
import { judge } from './judgement.js';
import { decideAllLists } from './recipient-lists.js';
import type { LlmStage } from './llm/stage.js';
import { DETECTORS } from './registry.js';
import { scoreRules, type Fired } from './scoring.js';
import type { AnalysisContext, Engine } from './types.js';

export const ENGINE_VERSION = '1.0.0';
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

/** Loads the configured model (relative paths from the working directory) or the shipped one. */
export function loadConfiguredModel(config: Config['engine'], cwd = process.cwd()): ClassifierModel | null {
  if (config.model_path) return loadModel(resolve(cwd, config.model_path));
  return existsSync(SHIPPED_MODEL_PATH) ? loadModel(SHIPPED_MODEL_PATH) : null;
}

const INDICATOR_MIN_WEIGHT = 0.5;
/** Smallest contribution (log-odds) worth telling a reader about. */
const REASON_MIN_WEIGHT = 0.25;
const BRAND_RULE_ORDER = ['BRAND_DMARC_REJECT', 'IMPERSONATION_WITH_ASK', 'BRAND_SPOOFING', 'DISPLAY_NAME_BRAND', 'URL_LOOKALIKE', 'SENDER_LOOKALIKE', 'FREEMAIL_CORPORATE', 'DISGUISED_TEXT'];

/**
 * Distinct subject and body words at which the classifier's opinion counts in full. Below it the opinion is
 * shrunk in proportion: a three-word note ("see you tomorrow") or an empty body is too little text for
 * wording statistics, and the dev corpus it learned from has almost no short legitimate mail, so its
 * confident guesses there are extrapolation (an empty body looked like image-only spam). Rules still judge.
 */
export const FULL_EVIDENCE_WORDS = 40;

export function evidenceFactor(features: readonly string[]): { words: number; factor: number } {
  const words = features.filter((f) => (f.startsWith('w:') || f.startsWith('s:')) && f !== 'w:#empty').length;
  return { words, factor: Math.min(1, words / FULL_EVIDENCE_WORDS) };
}

function classify(model: ClassifierModel, facts: MessageFacts, config: Config['engine']): ClassificationFacts & { evidence: { words: number; factor: number } } {
  const chars = config.classifier_chars;
  const features = classifierFeatures({ subject: facts.message.subject, body: facts.bodyText.slice(0, chars), urls: facts.urls, attachments: facts.message.attachments }, { chars });
  const prediction = predict(model, features);
  let logit = model.calibration.a * prediction.margin + model.calibration.b;
  if (facts.language && facts.language !== 'en') logit *= config.classifier_foreign_factor;
  const evidence = evidenceFactor(features);
  logit *= evidence.factor;
  logit = Math.max(-CLASSIFIER_LOGIT_RANGE, Math.min(CLASSIFIER_LOGIT_RANGE, logit));
  return { probability: 1 / (1 + Math.exp(-logit)), logit, top: prediction.top, evidence };
}

export function createEngine(deps: EngineDeps): Engine {
  const detectors = deps.detectors ?? DETECTORS;
  const config = deps.config;
  for (const detector of detectors) {
    if (config.weights[detector.id] === undefined) throw new Error(`engine.weights has no weight for rule ${detector.id}`);
  }
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

  async function analyze(message: NormalizedMessage, ctx: AnalysisContext): Promise<EngineResult> {
    const facts = buildFacts(message, ctx, { brands, lexicon }, { maxUrls: config.limits.max_urls, maxHtmlChars: config.limits.max_html_chars, maxWords: MAX_WORDS });
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
      return { verdict, score: blocked ? 0.95 : 0, confidence: 1, model: localModel, reasons: [lists.reason], indicators, recommendation: recommendationFor(verdict), urls: found, coverage, rules: [] };
    }

    if (classifier) {
      const classification = classify(classifier, facts, config);
      facts.classification = classification;
      const { words, factor } = classification.evidence;
      if (factor < 1) coverage.push(`only ${words} distinct words of text: the classifier's weight was reduced to ${Math.round(factor * 100)}%`);
      if (facts.bodyText.length > config.classifier_chars) coverage.push(`body truncated at ${config.classifier_chars} characters for the classifier`);
    } else {
      coverage.push('no classifier model loaded: rules only');
    }

    const fired: Fired[] = [];
    const brandsByRule = new Map<string, string>();
    // Stage-2 rules read what stage-1 rules found (docs/detection.md "How a verdict is reached").
    const staged = [...detectors.filter((d) => (d.stage ?? 1) === 1), ...detectors.filter((d) => d.stage === 2)];
    for (const detector of staged) {
      if (detector.stage === 2 && facts.fired.length !== fired.length) facts.fired = fired.map((f) => ({ id: f.id, strength: f.strength, reason: f.reason, ...(brandsByRule.has(f.id) ? { brand: brandsByRule.get(f.id)! } : {}) }));
      let hits: DetectorHit[];
      try {
        hits = detector.run(facts);
      } catch (error) {
        deps.onDetectorError?.(detector.id, error);
        continue;
      }
      const best = hits.reduce<DetectorHit | undefined>((top, h) => (!top || h.strength > top.strength ? h : top), undefined);
      if (!best || best.strength <= 0) continue;
      fired.push({ id: detector.id, group: detector.group, strength: best.strength, reason: best.reason, contribution: (config.weights[detector.id] ?? 0) * best.strength, ...(detector.identityIntent ? { identityIntent: true } : {}) });
      const brand = hits.find((h) => h.brand)?.brand;
      if (brand) brandsByRule.set(detector.id, brand);
      for (const hit of hits) {
        const url = hit.url === undefined ? undefined : found.find((f) => f.url === hit.url);
        if (url && hit.flag && !url.flags.includes(hit.flag)) url.flags.push(hit.flag);
      }
    }

    let model = localModel;
    if (deps.llm) {
      const outcome = await deps.llm.run(facts, fired.filter((f) => f.contribution > 0.3).map((f) => f.reason));
      coverage.push(...outcome.coverage);
      if (outcome.fired) {
        fired.push(outcome.fired);
        model = `${outcome.model}+local`;
      }
    }

    const bounds = config.classifier_bounds;
    const scored = scoreRules(fired, {
      bias: config.bias,
      scale: config.scale,
      groupCaps: config.group_caps,
      thresholds: config.thresholds,
      classifier: { aloneMaxScore: bounds.alone_max_score, otherEvidenceMin: bounds.other_evidence_min, maxPositive: bounds.max_positive, maxNegative: bounds.max_negative },
    });
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
    const reasons = [...(ordered.length ? ordered.slice(0, 8) : ['No phishing indicators found']), ...lists.notes];
    return {
      verdict: scored.verdict,
      score: scored.score,
      confidence: scored.confidence,
      model,
      reasons,
      indicators,
      recommendation: recommendationFor(scored.verdict),
      urls: found,
      coverage,
      rules: scored.rules,
    };
  }

  return { version: ENGINE_VERSION, analyze };
}
