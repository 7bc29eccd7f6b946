import type { NormalizedMessage } from '../../core/message.js';
import { guessLanguage } from '../text/language.js';
import { words } from '../text/words.js';
import { classifierInputOf } from './document.js';
import { classifierFeatures } from './features.js';
import type { TrainingDoc } from './train.js';

export interface FeatureLimits {
  maxUrls: number;
  maxHtmlChars: number;
  chars: number;
}

/** The classifier's features of one parsed message, as the engine computes them (training and evaluation). */
export function messageFeatures(message: NormalizedMessage, limits: FeatureLimits): string[] {
  return classifierFeatures(classifierInputOf(message, limits), { chars: limits.chars });
}

/** A training document: features plus the language of the text the classifier reads (see train.ts `attestedWords`). */
export function messageDoc(message: NormalizedMessage, limits: FeatureLimits, label: 0 | 1): TrainingDoc {
  const input = classifierInputOf(message, limits);
  return {
    features: classifierFeatures(input, { chars: limits.chars }),
    label,
    language: guessLanguage(words(`${input.subject}\n${input.body.slice(0, limits.chars)}`)),
  };
}
