/**
 * The statistical classifier's stage, in one place: which model is loaded, what it reads, how its opinion is
 * shrunk for short or non-English text, and the two rules through which it speaks (CLASSIFIER_PHISH and
 * CLASSIFIER_HAM). How far it may move a score is decided in scoring.ts (docs/detection.md "The classifier
 * assists"); the model's internals are the other files of this folder.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../../config/schema.js';
import type { Detector } from '../detector.js';
import { readableFeatures } from '../explain.js';
import type { ClassificationFacts, MessageFacts } from '../facts.js';
import { classifierFeatures } from './features.js';
import { loadModel, predict, type ClassifierModel } from './model.js';
import { SHIPPED_MODEL_PATH } from './shipped.js';

/** Loads the configured model (relative paths from the working directory) or the shipped one. */
export function loadConfiguredModel(config: Config['engine'], cwd = process.cwd()): ClassifierModel | null {
  if (config.model_path) return loadModel(resolve(cwd, config.model_path));
  return existsSync(SHIPPED_MODEL_PATH) ? loadModel(SHIPPED_MODEL_PATH) : null;
}

/**
 * Distinct subject and body words at which the classifier's opinion counts in full. Below it the opinion is
 * shrunk in proportion: a three-word note ("see you tomorrow") or an empty body is too little text for
 * wording statistics, and the dev corpus it learned from has almost no short legitimate mail, so its
 * confident guesses there are extrapolation (an empty body looked like image-only spam). Rules still judge.
 * Counted on content words only (function words, greetings and numbers are not features): a paragraph
 * of ordinary prose has 25 or more.
 */
export const FULL_EVIDENCE_WORDS = 25;

export function evidenceFactor(features: readonly string[]): { words: number; factor: number } {
  const words = features.filter((f) => (f.startsWith('w:') || f.startsWith('s:')) && f !== 'w:#empty').length;
  return { words, factor: Math.min(1, words / FULL_EVIDENCE_WORDS) };
}

function classify(model: ClassifierModel, facts: MessageFacts, config: Config['engine']): ClassificationFacts & { evidence: { words: number; factor: number } } {
  const chars = config.classifier_chars;
  // The classifier takes its own first `chars` characters of authored text (features.ts `readableBody`).
  const features = classifierFeatures({ subject: facts.message.subject, body: facts.bodyText, urls: facts.urls, attachments: facts.message.attachments }, { chars });
  const prediction = predict(model, features);
  let logit = model.calibration.a * prediction.margin + model.calibration.b;
  if (facts.language && facts.language !== 'en') logit *= config.classifier_foreign_factor;
  const evidence = evidenceFactor(features);
  logit *= evidence.factor;
  logit = Math.max(-CLASSIFIER_LOGIT_RANGE, Math.min(CLASSIFIER_LOGIT_RANGE, logit));
  return { probability: 1 / (1 + Math.exp(-logit)), logit, top: prediction.top, evidence };
}

/**
 * Runs the classifier on one message when a model is loaded, noting in `coverage` what limited its opinion;
 * the result is what the two classifier rules read.
 */
export function runClassifierStage(model: ClassifierModel | null, facts: MessageFacts, config: Config['engine'], coverage: string[]): MessageFacts['classification'] {
  if (!model) {
    coverage.push('no classifier model loaded: rules only');
    return null;
  }
  const classification = classify(model, facts, config);
  const { words, factor } = classification.evidence;
  if (factor < 1) coverage.push(`only ${words} distinct words of text: the classifier's weight was reduced to ${Math.round(factor * 100)}%`);
  if (facts.bodyText.length > config.classifier_chars) coverage.push(`body truncated at ${config.classifier_chars} characters for the classifier`);
  return classification;
}

/** Calibrated log-odds are clipped to ±8 before anything else (beyond that, no extra meaning). */
export const CLASSIFIER_LOGIT_RANGE = 8;
/**
 * Strength = tanh(logit / SOFT_RANGE): close to the log-odds divided by SOFT_RANGE for an uncertain
 * model, saturating smoothly towards 1 for a confident one. With weight SOFT_RANGE the classifier adds
 * about its own log-odds when unsure and at most SOFT_RANGE when sure, without the ties a hard cap makes.
 * The dev corpus has almost no modern transactional mail, so on such mail the model's confidence
 * outruns its knowledge: its push towards phishing is bounded, its push towards legitimate (range 8)
 * much less so.
 */
export const SOFT_RANGE = 4;

/** "w:verify" → "verify", "b:your_account" → "your account", "u:p:login" → "login (in a link)". */
export function describeFeature(feature: string): string {
  const colon = feature.indexOf(':');
  const kind = feature.slice(0, colon);
  const body = feature.slice(colon + 1);
  if (kind === 'u') {
    if (body.startsWith('p:')) return `"${body.slice(2)}" in a link`;
    if (body.startsWith('tld:')) return `.${body.slice(4)} links`;
    return `link ${body.replace(':', ' ')}`;
  }
  return `"${body.replace(/_/g, ' ').replace(/#num/g, '<number>').replace(/#alnum/g, '<code>')}"`;
}

export const classifierPhish: Detector = {
  id: 'CLASSIFIER_PHISH',
  group: 'classifier',
  description: 'The statistical classifier (subject, first 4,000 characters of the body, link words) finds the wording typical of phishing and scams',
  run({ classification }) {
    if (!classification || classification.logit <= 0) return [];
    const strength = Math.tanh(classification.logit / SOFT_RANGE);
    // Phrases a reader recognises, never "<number>" or a lone function word (docs/detection.md "Reasons").
    const phrases = readableFeatures(classification.top.map(describeFeature)).slice(0, 4);
    const words = phrases.length ? ` such as ${phrases.join(', ')}` : '';
    return [{ strength, reason: `Wording resembles phishing and scam mail the statistical classifier learned from${words}` }];
  },
};

export const classifierHam: Detector = {
  id: 'CLASSIFIER_HAM',
  group: 'classifier',
  description: 'The statistical classifier finds the wording typical of legitimate mail (negative weight)',
  run({ classification }) {
    if (!classification || classification.logit >= 0) return [];
    return [{ strength: Math.tanh(-classification.logit / CLASSIFIER_LOGIT_RANGE), reason: 'Wording resembles legitimate mail the statistical classifier learned from' }];
  },
};
