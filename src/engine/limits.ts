import type { Config } from '../config/schema.js';
import type { ParseLimits } from '../mail/parse-raw.js';
import type { FeatureLimits } from './classifier/corpus-features.js';

/** `engine.limits` as the raw-message parser wants them. */
export function parseLimitsOf(config: Config['engine']): ParseLimits {
  const l = config.limits;
  return { maxMessageBytes: l.max_message_bytes, maxParts: l.max_parts, maxDepth: l.max_depth, maxHeaders: l.max_headers, maxHtmlChars: l.max_html_chars, maxTextChars: l.max_text_chars };
}

/** The classifier's limits, identical to what the engine uses at analysis time. */
export function featureLimitsOf(config: Config['engine']): FeatureLimits {
  return { maxUrls: config.limits.max_urls, maxHtmlChars: config.limits.max_html_chars, chars: config.classifier_chars };
}
