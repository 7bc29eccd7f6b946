/**
 * Sender authentication facts (SPF, DKIM, DMARC, ARC) with their provenance (docs/authentication.md).
 * Plain data only: the facts travel from the verifying service into the engine (possibly another
 * thread) and out in the analysis result, so they must survive JSON and structured cloning.
 */

/** The result of one authentication method, as RFC 8601 names them. */
export type AuthOutcome = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror';

/**
 * Where a fact comes from. Only `verified` and `trusted-header` count for scoring and for the allow
 * list; `claimed` is shown but never believed; `none` means nothing was known.
 */
export const PROVENANCES = ['verified', 'trusted-header', 'claimed', 'none'] as const;
export type Provenance = (typeof PROVENANCES)[number];

export const counts = (provenance: Provenance): boolean => provenance === 'verified' || provenance === 'trusted-header';

export interface SpfFact {
  result: AuthOutcome;
  /** Domain checked: the MAIL FROM domain, or the HELO name for the null sender; '' when unknown. */
  domain: string;
  provenance: Provenance;
  /** Client address the check was made for (verified results only). */
  client_ip?: string;
  helo?: string;
  /** Why the result is what it is, when not obvious (e.g. "no client address", "too many DNS lookups"). */
  comment?: string;
}

export interface DkimFact {
  result: AuthOutcome;
  /** Signing domain (d=). */
  domain: string;
  /** Selector (s=), '' when unknown. */
  selector: string;
  /** Algorithm (a=), e.g. rsa-sha256 or ed25519-sha256; '' when unknown. */
  algorithm: string;
  /** d= is the From domain or shares its organisational domain (relaxed alignment). */
  aligned: boolean;
  provenance: Provenance;
  comment?: string;
}

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

export interface DmarcFact {
  result: AuthOutcome;
  /** RFC5322.From domain. */
  domain: string;
  /** Policy published for that domain (sp= for subdomains), null when no record was found. */
  policy: DmarcPolicy | null;
  /** The published p= as written for the organisational domain, null when unknown. */
  provenance: Provenance;
  /** Which identifiers aligned (verified results). */
  aligned?: { spf: boolean; dkim: boolean };
  /** Set when a failing DMARC is overridden by a trusted ARC chain (forwarders, mailing lists). */
  arc_override?: boolean;
  comment?: string;
}

export interface ArcFact {
  /** Chain validation: pass, fail or none (no ARC sets). */
  result: 'pass' | 'fail' | 'none';
  /** Number of ARC sets (i= of the newest). */
  instance: number;
  /** d= of the newest ARC-Seal: who sealed it last. */
  sealer: string;
  /** The sealer is one of `auth.trusted_arc_sealers`. */
  trusted: boolean;
  /** What the first sealer recorded (its ARC-Authentication-Results) when the chain passed. */
  original?: { spf?: AuthOutcome; dkim?: AuthOutcome; dmarc?: AuthOutcome };
  provenance: Provenance;
  comment?: string;
}

/** The `authentication` object of an analysis result. */
export interface AuthenticationFacts {
  spf: SpfFact;
  dkim: DkimFact[];
  dmarc: DmarcFact;
  arc: ArcFact;
}

export function noAuthentication(): AuthenticationFacts {
  return {
    spf: { result: 'none', domain: '', provenance: 'none' },
    dkim: [],
    dmarc: { result: 'none', domain: '', policy: null, provenance: 'none' },
    arc: { result: 'none', instance: 0, sealer: '', trusted: false, provenance: 'none' },
  };
}
