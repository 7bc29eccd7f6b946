import type { NormalizedMessage } from '../../core/message.js';
import { classifierInputOf } from './document.js';
import { classifierFeatures } from './features.js';

export interface FeatureLimits {
  maxUrls: number;
  maxHtmlChars: number;
  chars: number;
}

/** The classifier's features of one parsed message, as the engine computes them (training and evaluation). */
export function messageFeatures(message: NormalizedMessage, limits: FeatureLimits): string[] {
  return classifierFeatures(classifierInputOf(message, limits), { chars: limits.chars });
}
