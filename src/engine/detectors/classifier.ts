import type { Detector } from '../detector.js';
import { readableFeatures } from '../explain.js';

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
