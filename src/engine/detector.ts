import type { MessageFacts } from './facts.js';

/** What every detector reads: facts derived once per analysis (see facts.ts). */
export type DetectorInput = MessageFacts;

export interface DetectorHit {
  /** 0..1: how strongly this instance matches. */
  strength: number;
  /** Human reason; specific ("Link text shows www.dhl.com but points to 198.51.100.23"). */
  reason: string;
  /** Optional URL the hit is about, to flag it in the result's `urls`. */
  url?: string;
  flag?: string;
  /** Brand imitated, for `indicators.brand_spoofing`. */
  brand?: string;
  /**
   * How the hit votes, from −1 (towards legitimate) to +1 (towards phishing, the default): contribution =
   * weight × strength × direction. Only rules that can vote both ways (the LLM's verdict) set it.
   */
  direction?: number;
  /**
   * This instance is strong enough to stand as the only fact of a not-safe verdict (a look-alike host, a
   * credential form): the evidence-kind gate lets it reach `suspicious` without corroboration
   * (docs/detection.md "Two independent facts before an accusation").
   */
  strong?: boolean;
}

/**
 * What a rule's finding is evidence of (docs/detection.md "Two independent facts before an accusation"):
 * - `identity`: the mail claims an identity its sender does not have;
 * - `intent`: it asks for credentials, payment, gift cards, bank changes, a call, opening a file;
 * - `mechanism`: something with no benign use (a look-alike host, link text lying about its target, an HTML
 *   attachment with a form, a credential form in the body);
 * - `context`: everything else (hidden text, trackers, shorteners, urgency words, retail words, the classifier);
 * - `genuine`: evidence that the mail is what it says (negative weights: aligned links, authentication).
 */
export type EvidenceKind = 'identity' | 'intent' | 'mechanism' | 'context' | 'genuine';

/** What a rule may use besides the facts while it runs. */
export interface RuleContext {
  /** Aborted when the rule's deadline passes: an asynchronous rule stops its I/O (fetch takes it directly). */
  signal: AbortSignal;
  /** Adds a coverage note to the analysis ("LLM timed out after 5000 ms; local verdict used"). */
  note(text: string): void;
  /** The rule's tuning options as configured (`engine.rule_options`); read them with `ruleOption`. */
  options?: Readonly<Record<string, number>>;
}

/**
 * A tuning option a rule declares (docs/detection.md "Tuning a rule"): set beside the rule's weight under
 * `engine.rule_options.<RULE>.<name>`; start-up fails for an option the rule does not declare or a value out
 * of range. The default is the rule's behaviour when the option is not set.
 */
export interface RuleOption {
  default: number;
  min: number;
  max: number;
  /** Whole numbers only (counts). */
  integer?: boolean;
  description: string;
}

/** The value of one of `rule`'s options for this run: configured, else its default. */
export function ruleOption(rule: Detector, ctx: RuleContext | undefined, name: string): number {
  const declared = rule.options?.[name];
  if (!declared) throw new Error(`rule ${rule.id} declares no option ${name}`);
  return ctx?.options?.[name] ?? declared.default;
}

/**
 * Rule groups are open: a rule names its group, and `engine.group_caps` may cap any group some rule names
 * (a cap for a group no rule has fails start-up, docs/detection.md "Rules").
 */
export type DetectorGroup = string;

/**
 * A named rule (Rspamd "symbol"), the one kind of check the engine runs: weights live in config under
 * `engine.weights[id]`, tuning options beside them under `engine.rule_options[id]`. A rule answers synchronously or with a promise (I/O: DNS, reputation, an LLM); an
 * asynchronous answer counts only within the rule's deadline (`deadlineMs`, else `engine.rule_deadline_ms`).
 */
export interface Detector {
  id: string;
  group: DetectorGroup;
  /** Which indicator of the result this rule supports, if any. */
  indicator?: 'impersonation' | 'urgency_pressure' | 'suspicious_links' | 'credential_request';
  /** Short description for docs and `--explain` output. */
  description: string;
  /**
   * 2: runs after every stage-1 rule and may read `input.fired` (docs/detection.md "How a verdict is reached");
   * 3: runs last and reads what stages 1 and 2 found (the optional LLM's verdict).
   */
  stage?: 1 | 2 | 3;
  /** Milliseconds an asynchronous answer may take; past it the rule scores nothing and coverage says so. */
  deadlineMs?: number;
  /** Identity-plus-intent evidence: the classifier may not clear a message on which this fires (scoring.ts). */
  identityIntent?: boolean;
  /**
   * The evidence kinds a finding of this rule stands for; a rule combining two facts (identity with intent)
   * names both. Until every rule declares them, an absent value is read as `context` for positive findings.
   */
  kinds?: readonly EvidenceKind[];
  /** Tuning options by name (`engine.rule_options[id]`), read in `run` with `ruleOption(rule, ctx, name)`. */
  options?: Readonly<Record<string, RuleOption>>;
  /** `ctx` is always given by the engine; rules that never use it may be called without it (tests). */
  run(input: DetectorInput, ctx?: RuleContext): DetectorHit[] | Promise<DetectorHit[]>;
}
