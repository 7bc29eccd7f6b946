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
}

export type DetectorGroup = 'url' | 'sender' | 'auth' | 'language' | 'attachment' | 'classifier' | 'brand' | 'html' | 'identity' | 'llm';

/** A named rule (Rspamd "symbol"): weights live in config under `engine.weights[id]`. */
export interface Detector {
  id: string;
  group: DetectorGroup;
  /** Which indicator of the result this rule supports, if any. */
  indicator?: 'impersonation' | 'urgency_pressure' | 'suspicious_links' | 'credential_request';
  /** Short description for docs and `--explain` output. */
  description: string;
  /** 2: runs after every stage-1 rule and may read `input.fired` (docs/detection.md "How a verdict is reached"). */
  stage?: 1 | 2;
  /** Identity-plus-intent evidence: the classifier may not clear a message on which this fires (scoring.ts). */
  identityIntent?: boolean;
  run(input: DetectorInput): DetectorHit[];
}
