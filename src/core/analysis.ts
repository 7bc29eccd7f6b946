/**
 * What the engine returns (docs/api.md). Doors map this to their own
 * language; the analysis service adds ids, cost and storage.
 */
import type { AuthenticationFacts } from './authentication.js';
import type { Source } from './message.js';

export const VERDICTS = ['safe', 'suspicious', 'phishing'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const RECOMMENDATIONS = ['deliver', 'deliver_with_warning', 'quarantine'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

export interface Indicators {
  impersonation: boolean;
  urgency_pressure: boolean;
  suspicious_links: boolean;
  credential_request: boolean;
  /** Display name of the imitated brand ("PayPal") or null. */
  brand_spoofing: string | null;
}

/**
 * The decision model's three answers (docs/detection.md "How a verdict is reached"), as facts with their
 * evidence: who the mail claims to be, whether the sender is that identity, what it asks the reader to do.
 */
export interface JudgementFacts {
  /** The brand the mail presents itself as and where it says so ("display name", "subject", …); null: no claim. */
  claimed_identity: { brand: string; where: string[] } | null;
  /** The sender's organisation (registrable domain of From), null without a usable address. */
  sender_organisation: string | null;
  /** The From domain is authenticated (DMARC pass or an aligned passing DKIM signature). */
  sender_authenticated: boolean;
  /** Whether the claimed brand's own domain sent it; null without a claim. */
  sender_is_claimed_identity: boolean | null;
  /** A display-name or address claim of a brand the sender does not stand behind (may differ from the claim). */
  mismatched_identity: string | null;
  /** What the mail asks the reader to do, with the words that ask. */
  asks: Array<{ kind: string; evidence: string }>;
  /** Where the links go: to the sender's (or claimed brand's) organisation, neutral (trackers, social footers), elsewhere. */
  links: { total: number; own: number; neutral: number; other: number; other_hosts: string[] };
}

export interface FoundUrl {
  url: string;
  /** Registrable domain (or the host when there is none, e.g. an IP address). */
  domain: string;
  /** Short machine flags: `ip_host`, `shortener`, `lookalike`, `text_mismatch`, `unwrapped`, … */
  flags: string[];
  /** The URL as written in the message when it was unwrapped (Safe Links, Proofpoint…) or normalised. */
  original?: string;
}

/** One rule that fired: the evidence behind a reason (Rspamd-style symbol). */
export interface RuleHit {
  id: string;
  /** Strength 0..1 as the detector judged it. */
  strength: number;
  /** Contribution to the raw score after weights and group caps. */
  weight: number;
  /** Human reason, e.g. "Link text shows www.dhl.com but points to 198.51.100.23". */
  reason: string;
}

export interface EngineResult {
  verdict: Verdict;
  /** Calibrated risk in [0, 1]. */
  score: number;
  /** How sure the engine is of the verdict, in [0, 1]. */
  confidence: number;
  /** `phishgate-local-<version>` or `<llm model>+local`. */
  model: string;
  reasons: string[];
  indicators: Indicators;
  recommendation: Recommendation;
  urls: FoundUrl[];
  /** What was skipped or truncated (e.g. "body truncated at 4000 characters for the classifier"). */
  coverage: string[];
  /** Rules that fired, strongest first (for metrics, debugging and `scan`). */
  rules: RuleHit[];
  /** The decision model's answers; absent when no analysis ran (a list entry decided, a timeout). */
  judgement?: JudgementFacts;
}

/** The stored, client-visible analysis (the analyze response's `data`, docs/api.md). */
export interface AnalysisRecord extends Omit<EngineResult, 'rules'> {
  analysis_id: string;
  status: AnalysisStatus;
  cost_eur: number;
  created_at: string;
  source: Source;
  livemode: boolean;
  /** SPF, DKIM, DMARC and ARC with the provenance of each result (docs/authentication.md). */
  authentication?: AuthenticationFacts;
}

export const ANALYSIS_STATUSES = ['queued', 'completed', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/**
 * What an analysis keeps as its client-visible result: the record once completed; for a failed one the error
 * (and, after a deadline, what was covered); nothing while queued.
 */
export type StoredResult = Partial<AnalysisRecord> & { error?: { code: string; message: string } };

/**
 * One stored analysis as the services see it (the analyses repository maps it to and from its table,
 * docs/architecture.md): who it belongs to, its state, the message summary and the result.
 */
export interface AnalysisEntry {
  id: string;
  tenantId: string;
  livemode: boolean;
  source: Source;
  status: AnalysisStatus;
  verdict: Verdict | null;
  score: number | null;
  /** The message summary shown with the analysis (services/message-summary.ts). */
  subject: string;
  from: string;
  to: string;
  /** Null while queued. */
  result: StoredResult | null;
  /**
   * The rules that fired, kept beside the record (which has none) for the console (docs/console.md). Read only
   * by `findAnalysis`; absent from lists, and for analyses stored before they were kept.
   */
  rules?: RuleHit[];
  costMicros: number;
  apiKeyId: string | null;
  createdAt: string;
  completedAt: string | null;
}

export function recommendationFor(verdict: Verdict): Recommendation {
  if (verdict === 'phishing') return 'quarantine';
  if (verdict === 'suspicious') return 'deliver_with_warning';
  return 'deliver';
}
