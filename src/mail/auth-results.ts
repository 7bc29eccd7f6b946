import type { AuthHints, AuthOutcome, HeaderField } from '../core/message.js';

const OUTCOMES = new Set<AuthOutcome>(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);

export function toAuthOutcome(raw: string | undefined | null): AuthOutcome | undefined {
  if (!raw) return undefined;
  const word = raw.trim().toLowerCase().split(/[\s;(]/)[0] ?? '';
  if (word === 'hardfail') return 'fail';
  if (word === 'bestguesspass') return 'neutral';
  return OUTCOMES.has(word as AuthOutcome) ? (word as AuthOutcome) : undefined;
}

export interface SenderAuth {
  spf: AuthOutcome;
  dkim: AuthOutcome;
  dmarc: AuthOutcome;
  /** Domains (d= / header.d / header.i) of DKIM signatures reported as passing. */
  dkimPassDomains: string[];
  /** smtp.mailfrom (or envelope-from) domain of the SPF check, '' when unknown. */
  spfDomain: string;
  /** header.from of the DMARC check, '' when unknown. */
  dmarcDomain: string;
  /** Where the results came from: the caller's hints, Authentication-Results, Received-SPF, or nothing. */
  source: 'hints' | 'authentication-results' | 'received-spf' | 'none';
}

interface MethodResult {
  method: string;
  outcome: AuthOutcome;
  props: Map<string, string>;
}

/** Drops RFC 5322 comments (two levels of nesting are enough for real headers; no backtracking). */
function stripComments(value: string): string {
  return value.replace(/\([^()]*\)/g, ' ').replace(/\([^()]*\)/g, ' ');
}

/** Parses an Authentication-Results value (RFC 8601) into method results. */
export function parseAuthenticationResults(value: string): MethodResult[] {
  const results: MethodResult[] = [];
  const clauses = stripComments(value.slice(0, 8192)).split(';');
  // The authserv-id clause never looks like method=result, so every clause can be tried (Microsoft's
  // receivers write no authserv-id at all: "spf=fail (…) smtp.mailfrom=…; dkim=none …").
  for (const clause of clauses) {
    const tokens = clause.trim().split(/\s+/);
    const head = /^([a-z-]+)\s*=\s*([a-z]+)$/i.exec(tokens[0] ?? '');
    if (!head?.[1] || !head[2]) continue;
    const outcome = toAuthOutcome(head[2]);
    if (!outcome) continue;
    const props = new Map<string, string>();
    for (const token of tokens.slice(1)) {
      const eq = token.indexOf('=');
      if (eq > 0) props.set(token.slice(0, eq).toLowerCase(), token.slice(eq + 1).replace(/^"|"$/g, '').toLowerCase());
    }
    results.push({ method: head[1].toLowerCase(), outcome, props });
  }
  return results;
}

const domainOfProp = (value: string | undefined): string => {
  if (!value) return '';
  const at = value.lastIndexOf('@');
  return (at >= 0 ? value.slice(at + 1) : value).replace(/[>\s]/g, '');
};

/** Best outcome among several results of one method: a pass anywhere wins, then fail, then the rest. */
function combine(outcomes: AuthOutcome[]): AuthOutcome | undefined {
  if (outcomes.length === 0) return undefined;
  for (const preferred of ['pass', 'fail', 'softfail', 'permerror', 'temperror', 'neutral', 'none'] as const) {
    if (outcomes.includes(preferred)) return preferred;
  }
  return outcomes[0];
}

/**
 * SPF/DKIM/DMARC as the receiving side recorded them. Explicit hints (the API's `headers` object) win;
 * otherwise the first Authentication-Results header (the one our own edge added last, RFC 8601 §5),
 * then Received-SPF.
 */
export function senderAuth(headers: HeaderField[], hints: AuthHints): SenderAuth {
  const found: Partial<Pick<SenderAuth, 'spf' | 'dkim' | 'dmarc'>> = {};
  const auth: SenderAuth = { spf: 'none', dkim: 'none', dmarc: 'none', dkimPassDomains: [], spfDomain: '', dmarcDomain: '', source: 'none' };
  const authResults = headers.find((h) => h.name.toLowerCase() === 'authentication-results');
  if (authResults) {
    const results = parseAuthenticationResults(authResults.value);
    for (const method of ['spf', 'dkim', 'dmarc'] as const) {
      const outcome = combine(results.filter((r) => r.method === method).map((r) => r.outcome));
      if (outcome) found[method] = outcome;
    }
    for (const r of results) {
      if (r.method === 'dkim' && r.outcome === 'pass') {
        const domain = domainOfProp(r.props.get('header.d') ?? r.props.get('header.i'));
        if (domain && !auth.dkimPassDomains.includes(domain)) auth.dkimPassDomains.push(domain);
      }
      if (r.method === 'spf' && !auth.spfDomain) auth.spfDomain = domainOfProp(r.props.get('smtp.mailfrom') ?? r.props.get('smtp.helo'));
      if (r.method === 'dmarc' && !auth.dmarcDomain) auth.dmarcDomain = domainOfProp(r.props.get('header.from'));
    }
    if (results.length > 0) auth.source = 'authentication-results';
  }
  if (!found.spf) {
    const receivedSpf = headers.find((h) => h.name.toLowerCase() === 'received-spf');
    const outcome = toAuthOutcome(receivedSpf?.value);
    if (outcome) {
      found.spf = outcome;
      if (auth.source === 'none') auth.source = 'received-spf';
      auth.spfDomain ||= domainOfProp(/envelope-from=("?)([^\s;"]+)\1/i.exec(receivedSpf?.value ?? '')?.[2]);
    }
  }
  if (hints.spf || hints.dkim || hints.dmarc) auth.source = 'hints';
  auth.spf = hints.spf ?? found.spf ?? 'none';
  auth.dkim = hints.dkim ?? found.dkim ?? 'none';
  auth.dmarc = hints.dmarc ?? found.dmarc ?? 'none';
  return auth;
}
