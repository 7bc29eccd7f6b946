import { Type } from '@sinclair/typebox';
import { Section } from './common.js';

export const EngineSection = Section({
  thresholds: Section({
    /** score ≥ phishing → verdict phishing (contract §4: 0.8). */
    phishing: Type.Number({ minimum: 0, maximum: 1 }),
    /** score ≥ suspicious → verdict suspicious (contract §4: 0.5). */
    suspicious: Type.Number({ minimum: 0, maximum: 1 }),
  }),
  /** Weight of every rule by id; start-up fails when a registered rule has none. */
  weights: Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.Number()),
  /** Classifier model file; null uses the model shipped in the repository. */
  model_path: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** Characters of body the language-model stage reads (spec §4.1: 4000). */
  classifier_chars: Type.Integer({ minimum: 1 }),
  limits: Section({
    max_message_bytes: Type.Integer({ minimum: 1024 }),
    max_parts: Type.Integer({ minimum: 1 }),
    max_depth: Type.Integer({ minimum: 1 }),
    max_headers: Type.Integer({ minimum: 1 }),
    max_urls: Type.Integer({ minimum: 1 }),
    max_html_chars: Type.Integer({ minimum: 1 }),
  }),
});

export const LlmSection = Section({
  /** OpenAI-compatible base URL (…/v1); null disables the LLM stage. */
  url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  model: Type.String({ minLength: 1 }),
  timeout_ms: Type.Integer({ minimum: 100 }),
  /** What leaves the machine: off | headers_urls | redacted | full. */
  privacy: Type.Union(['off', 'headers_urls', 'redacted', 'full'].map((l) => Type.Literal(l))),
});
