import type { NormalizedMessage } from '../core/message.js';
import type { SenderAuth } from '../mail/auth-results.js';
import type { AnalysisContext } from './types.js';

/** What every detector may read: the message plus facts derived once per analysis. */
export interface DetectorInput {
  message: NormalizedMessage;
  ctx: AnalysisContext;
  auth: SenderAuth;
  /** Every URL found in the message (text, HTML, `urls` field), unwrapped. */
  urls: string[];
  /** Subject + text body + visible HTML text, for language rules. */
  text: string;
}

export interface DetectorHit {
  /** 0..1: how strongly this instance matches. */
  strength: number;
  /** Human reason; specific ("Link points to the IP address 198.51.100.23"). */
  reason: string;
  /** Optional URL the hit is about, to flag it in the result's `urls`. */
  url?: string;
  flag?: string;
}

export type DetectorGroup = 'url' | 'sender' | 'auth' | 'language' | 'attachment' | 'classifier' | 'brand';

/** A named rule (Rspamd "symbol"): weights live in config under `engine.weights[id]`. */
export interface Detector {
  id: string;
  group: DetectorGroup;
  /** Which indicator of the result this rule supports, if any. */
  indicator?: 'impersonation' | 'urgency_pressure' | 'suspicious_links' | 'credential_request';
  run(input: DetectorInput): DetectorHit[];
}
