import { Type } from '@sinclair/typebox';
import { Section } from './common.js';

export const EngineSection = Section({
  thresholds: Section({
    /** score ≥ phishing → verdict phishing (docs/api.md: 0.8). */
    phishing: Type.Number({ minimum: 0, maximum: 1 }),
    /** score ≥ suspicious → verdict suspicious (docs/api.md: 0.5). */
    suspicious: Type.Number({ minimum: 0, maximum: 1 }),
  }),
  /** Log-odds of a message on which no rule fires (score = logistic(bias + Σ weight × strength)). */
  bias: Type.Number({ minimum: -20, maximum: 20 }),
  /** Multiplier of the summed rule contributions: score = logistic(bias + scale × Σ weight × strength). */
  scale: Type.Number({ minimum: 0.01, maximum: 10 }),
  /** Weight of every rule by id, in log-odds; start-up fails when a registered rule has none. */
  weights: Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.Number({ minimum: -20, maximum: 20 })),
  /**
   * Largest total positive contribution of each rule group, by group name. Groups are open (a rule names its
   * group); start-up fails when a cap names a group no rule has. Built-in groups: url, html, sender, auth,
   * language, attachment, brand, identity, classifier, llm.
   */
  group_caps: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), Type.Number({ minimum: 0 })),
  /** Milliseconds an asynchronous rule's answer may take before it scores nothing (rules may set their own). */
  rule_deadline_ms: Type.Integer({ minimum: 1, maximum: 60_000 }),
  /**
   * Tuning options of rules, by rule id then option name (docs/detection.md "Tuning a rule"); an option not set
   * keeps the rule's default. Start-up fails for a rule id or an option name the rule does not declare.
   */
  rule_options: Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), Type.Number())),
  /**
   * Highest score from one finding alone (one rule besides the classifier, unless identity-plus-intent, an
   * attachment, failed authentication or the LLM): one mechanism without a second finding is suspicious,
   * not phishing (docs/detection.md "How a verdict is reached"). 1 lets one finding reach phishing.
   */
  single_finding_max_score: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
  /**
   * Two independent facts before an accusation (docs/detection.md): context alone stays below suspicious,
   * one of identity / intent / mechanism needs corroboration or a strong finding, phishing needs two.
   */
  evidence_gate: Type.Boolean(),
  /** How far the statistical classifier may move a score (docs/detection.md "The classifier assists"). */
  classifier_bounds: Section({
    /** Highest score the classifier alone may give (below thresholds.suspicious: it never flags alone). */
    alone_max_score: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
    /** Other rules' positive log-odds below which the classifier counts as alone. */
    other_evidence_min: Type.Number({ minimum: 0 }),
    /** Largest positive log-odds when assisting (never more than the other rules' own). */
    max_positive: Type.Number({ minimum: 0, maximum: 20 }),
    /** Largest pull towards legitimate, in log-odds. */
    max_negative: Type.Number({ minimum: 0, maximum: 20 }),
  }),
  /** Classifier model file; null uses the model shipped in the repository. */
  model_path: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** Characters of body the language-model stage reads (docs/api.md: 4000). */
  classifier_chars: Type.Integer({ minimum: 1 }),
  /**
   * Factor applied to the classifier's log-odds for text that is not English: the shipped model saw
   * almost no legitimate non-English mail, so its opinion there is weaker evidence (1 = no damping).
   */
  classifier_foreign_factor: Type.Number({ minimum: 0, maximum: 1 }),
  limits: Section({
    max_message_bytes: Type.Integer({ minimum: 1024 }),
    max_parts: Type.Integer({ minimum: 1 }),
    max_depth: Type.Integer({ minimum: 1 }),
    max_headers: Type.Integer({ minimum: 1 }),
    max_urls: Type.Integer({ minimum: 1 }),
    max_html_chars: Type.Integer({ minimum: 1 }),
    max_text_chars: Type.Integer({ minimum: 1 }),
  }),
  /** Analysis off the event loop in `serve` (docs/performance.md). */
  workers: Section({
    /** Worker threads parsing and analysing; 0 = one per CPU core. */
    size: Type.Integer({ minimum: 0, maximum: 256 }),
    /** Hard deadline per message for parsing and for analysis; past it the worker is terminated and replaced. */
    deadline_ms: Type.Integer({ minimum: 50, maximum: 600_000 }),
    /** Mail doors, first timeout of a message: tempfail (the MTA retries) or tag (deliver marked unscanned). The API answers 503 with Retry-After. */
    on_timeout: Type.Union([Type.Literal('tempfail'), Type.Literal('tag')]),
    /** Mail doors, a message that timed out on its previous attempt too: tag (deliver marked unscanned) or quarantine. */
    on_timeout_repeat: Type.Union([Type.Literal('tag'), Type.Literal('quarantine')]),
  }),
});

export const LlmSection = Section({
  /** OpenAI-compatible base URL (…/v1); null disables the LLM stage. */
  url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  model: Type.String({ minLength: 1 }),
  timeout_ms: Type.Integer({ minimum: 100 }),
  /** What leaves the machine: off | headers_urls | redacted | full. */
  privacy: Type.Union([Type.Literal('off'), Type.Literal('headers_urls'), Type.Literal('redacted'), Type.Literal('full')]),
  /** Log-odds the LLM's verdict adds (phishing +weight × confidence, safe −weight × confidence). */
  weight: Type.Number({ minimum: 0, maximum: 20 }),
  /** Characters of body sent to the LLM (docs/api.md: 4000). */
  max_chars: Type.Integer({ minimum: 100 }),
});
