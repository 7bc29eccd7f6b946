/**
 * Reading Authentication-Results (RFC 8601) and the engine's view of sender authentication: only facts
 * whose provenance counts (verified by us, or written by a trusted MTA) reach the rules and the allow
 * list (docs/authentication.md "Provenance").
 */
import { counts, type AuthenticationFacts, type DmarcPolicy } from '../core/authentication.js';
import type { AuthOutcome } from '../core/message.js';
import { registrableDomain } from './url-info.js';

const OUTCOMES = new Set<AuthOutcome>(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);

export function toAuthOutcome(raw: string | undefined | null): AuthOutcome | undefined {
  if (!raw) return undefined;
  const word = raw.trim().toLowerCase().split(/[\s;(]/)[0] ?? '';
  if (word === 'hardfail') return 'fail';
  if (word === 'bestguesspass') return 'neutral';
  return OUTCOMES.has(word as AuthOutcome) ? (word as AuthOutcome) : undefined;
}

export interface MethodResult {
  method: string;
  outcome: AuthOutcome;
  props: Map<string, string>;
  /** Text of the clause's comments, e.g. "p=REJECT arc=none". */
  comment: string;
}

const COMMENT = /\([^()]*\)/g;

/** Drops RFC 5322 comments (two levels of nesting are enough for real headers; no backtracking). */
function stripComments(value: string): string {
  return value.replace(COMMENT, ' ').replace(COMMENT, ' ');
}

const MAX_VALUE = 8192;

/**
 * The authserv-id of an Authentication-Results value, lower-cased: the first word before the first `;`.
 * '' when the value starts with a result (Microsoft's receivers write no authserv-id).
 */
export function authservIdOf(value: string): string {
  const first = stripComments(value.slice(0, MAX_VALUE)).split(';', 1)[0]?.trim() ?? '';
  const word = first.split(/\s+/, 1)[0] ?? '';
  return word.includes('=') ? '' : word.toLowerCase();
}

/** Parses an Authentication-Results value into method results. */
export function parseAuthenticationResults(value: string): MethodResult[] {
  const results: MethodResult[] = [];
  // The authserv-id clause never looks like method=result, so every clause can be tried.
  for (const rawClause of value.slice(0, MAX_VALUE).split(';')) {
    const tokens = stripComments(rawClause).trim().split(/\s+/);
    const head = /^([a-z-]+)\s*=\s*([a-z]+)$/i.exec(tokens[0] ?? '');
    if (!head?.[1] || !head[2]) continue;
    const outcome = toAuthOutcome(head[2]);
    if (!outcome) continue;
    const props = new Map<string, string>();
    for (const token of tokens.slice(1)) {
      const eq = token.indexOf('=');
      if (eq > 0) props.set(token.slice(0, eq).toLowerCase(), token.slice(eq + 1).replace(/^"|"$/g, '').toLowerCase());
    }
    const comment = (rawClause.match(COMMENT) ?? []).map((c) => c.slice(1, -1)).join(' ');
    results.push({ method: head[1].toLowerCase(), outcome, props, comment });
  }
  return results;
}

/** Domain of `user@domain`, `@domain` or `domain`, lower-cased. */
export const domainOfProp = (value: string | undefined): string => {
  if (!value) return '';
  const at = value.lastIndexOf('@');
  return (at >= 0 ? value.slice(at + 1) : value).replace(/[<>\s]/g, '').replace(/\.$/, '').toLowerCase();
};

export const policyOf = (text: string | undefined): DmarcPolicy | null => {
  const p = /\bp=(none|quarantine|reject)\b/i.exec(text ?? '')?.[1];
  return p ? (p.toLowerCase() as DmarcPolicy) : null;
};

const orgOf = (domain: string): string => registrableDomain(domain) || domain;

/** Relaxed alignment (RFC 7489 §3.1): both domains share their organisational domain. */
export const alignedDomains = (a: string, b: string): boolean => a !== '' && b !== '' && orgOf(a) === orgOf(b);

/** What the rules and the allow list see: counted facts only; anything else reads as `none`. */
export interface SenderAuth {
  spf: AuthOutcome;
  dkim: AuthOutcome;
  dmarc: AuthOutcome;
  /** Domains (d=) of DKIM signatures that pass. */
  dkimPassDomains: string[];
  /** Domain of the SPF check, '' when unknown. */
  spfDomain: string;
  /** RFC5322.From domain of the DMARC check, '' when unknown. */
  dmarcDomain: string;
  /** Policy the From domain publishes, when known. */
  dmarcPolicy: DmarcPolicy | null;
  /** Where the counted facts come from: our own checks, a trusted MTA's header, or nothing. */
  source: 'verified' | 'trusted-header' | 'none';
}

/** Best of several results: a pass anywhere wins, then fail, then the rest. */
function best(outcomes: AuthOutcome[]): AuthOutcome {
  for (const preferred of ['pass', 'fail', 'softfail', 'permerror', 'temperror', 'neutral', 'none'] as const) {
    if (outcomes.includes(preferred)) return preferred;
  }
  return 'none';
}

export function countedAuth(facts: AuthenticationFacts | null | undefined): SenderAuth {
  const auth: SenderAuth = { spf: 'none', dkim: 'none', dmarc: 'none', dkimPassDomains: [], spfDomain: '', dmarcDomain: '', dmarcPolicy: null, source: 'none' };
  if (!facts) return auth;
  const provenances: string[] = [];
  if (counts(facts.spf.provenance)) {
    auth.spf = facts.spf.result;
    auth.spfDomain = facts.spf.domain;
    provenances.push(facts.spf.provenance);
  }
  const dkim = facts.dkim.filter((d) => counts(d.provenance));
  if (dkim.length > 0) {
    auth.dkim = best(dkim.map((d) => d.result));
    auth.dkimPassDomains = [...new Set(dkim.filter((d) => d.result === 'pass' && d.domain).map((d) => d.domain))];
    provenances.push(...dkim.map((d) => d.provenance));
  }
  if (counts(facts.dmarc.provenance)) {
    // A trusted ARC chain vouches that the message passed DMARC before it was forwarded.
    auth.dmarc = facts.dmarc.result === 'fail' && facts.dmarc.arc_override ? 'pass' : facts.dmarc.result;
    auth.dmarcDomain = facts.dmarc.domain;
    auth.dmarcPolicy = facts.dmarc.policy;
    provenances.push(facts.dmarc.provenance);
  }
  auth.source = provenances.includes('verified') ? 'verified' : provenances.length > 0 ? 'trusted-header' : 'none';
  return auth;
}
