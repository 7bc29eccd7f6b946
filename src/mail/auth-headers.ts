/**
 * Provenance of the authentication results a message carries in its headers (docs/authentication.md
 * "Provenance"): an Authentication-Results header counts as `trusted-header` only when its authserv-id
 * is one of the admin's own MTAs and no Received line of another host stands above it (anything below
 * such a line was written before the mail reached the admin's systems, i.e. by whoever sent it).
 * Everything else — other authserv-ids, Received-SPF, the API caller's values — is `claimed`.
 */
import type { ArcFact, DkimFact, DmarcFact, Provenance, SpfFact } from '../core/authentication.js';
import type { AuthHints, HeaderField } from '../core/message.js';
import { authservIdOf, domainOfProp, parseAuthenticationResults, policyOf, toAuthOutcome, type MethodResult } from './auth-results.js';

export interface HeaderTrust {
  /** authserv-ids (lower-case) of the admin's MTAs. */
  trustedIds: readonly string[];
  /** Our own authserv-id: such a header arriving from outside is forged and never believed. */
  ownId: string;
}

/** Facts of one provenance, each method optional. */
export interface HeaderFacts {
  spf?: SpfFact;
  dkim: DkimFact[];
  dmarc?: DmarcFact;
  arc?: ArcFact;
}

export interface HeaderAuth {
  trusted: HeaderFacts;
  claimed: HeaderFacts;
}

const BY = /\bby\s+([^\s;()]{1,255})/i;
/** Headers looked at: the trace block is at the top; a hostile message may carry thousands. */
const MAX_HEADERS = 200;

const matchesId = (host: string, ids: readonly string[]): boolean => ids.some((id) => host === id || host.endsWith(`.${id}`));

function factsOf(results: MethodResult[], provenance: Provenance, into: HeaderFacts): void {
  for (const r of results) {
    if (r.method === 'spf' && !into.spf) {
      into.spf = { result: r.outcome, domain: domainOfProp(r.props.get('smtp.mailfrom') ?? r.props.get('smtp.helo')), provenance };
    } else if (r.method === 'dkim') {
      into.dkim.push({
        result: r.outcome,
        domain: domainOfProp(r.props.get('header.d') ?? r.props.get('header.i')),
        selector: r.props.get('header.s') ?? '',
        algorithm: r.props.get('header.a') ?? '',
        aligned: false,
        provenance,
      });
    } else if (r.method === 'dmarc' && !into.dmarc) {
      into.dmarc = { result: r.outcome, domain: domainOfProp(r.props.get('header.from')), policy: policyOf(r.comment) ?? policyOf(`p=${r.props.get('policy.published-domain-policy') ?? ''}`), provenance };
    } else if (r.method === 'arc' && !into.arc) {
      const outcome = r.outcome === 'pass' || r.outcome === 'fail' ? r.outcome : 'none';
      into.arc = { result: outcome, instance: 0, sealer: '', trusted: false, provenance };
    }
  }
}

/** Sorts the header's results by provenance; `hints` are the API's `headers` values (trusted only when the tenant said so). */
export function headerAuth(headers: readonly HeaderField[], trust: HeaderTrust, hints: AuthHints = {}, trustHints = false): HeaderAuth {
  const trusted: HeaderFacts = { dkim: [] };
  const claimed: HeaderFacts = { dkim: [] };
  const ownId = trust.ownId.toLowerCase();
  let foreignHop = false;
  for (const header of headers.slice(0, MAX_HEADERS)) {
    const name = header.name.toLowerCase();
    if (name === 'received') {
      const by = BY.exec(header.value.slice(0, 2000))?.[1]?.toLowerCase().replace(/\.$/, '') ?? '';
      if (!by || !matchesId(by, trust.trustedIds)) foreignHop = true;
    } else if (name === 'authentication-results') {
      const id = authservIdOf(header.value);
      const believed = !foreignHop && id !== '' && id !== ownId && trust.trustedIds.includes(id);
      factsOf(parseAuthenticationResults(header.value), believed ? 'trusted-header' : 'claimed', believed ? trusted : claimed);
    } else if (name === 'received-spf' && !claimed.spf) {
      const outcome = toAuthOutcome(header.value);
      if (outcome) claimed.spf = { result: outcome, domain: domainOfProp(/envelope-from=("?)([^\s;"]+)\1/i.exec(header.value.slice(0, 2000))?.[2]), provenance: 'claimed' };
    }
  }
  const target = trustHints ? trusted : claimed;
  const provenance: Provenance = trustHints ? 'trusted-header' : 'claimed';
  if (hints.spf) target.spf = { result: hints.spf, domain: '', provenance, comment: 'given by the API caller' };
  if (hints.dkim) target.dkim = [{ result: hints.dkim, domain: '', selector: '', algorithm: '', aligned: false, provenance, comment: 'given by the API caller' }];
  if (hints.dmarc) target.dmarc = { result: hints.dmarc, domain: '', policy: null, provenance, comment: 'given by the API caller' };
  return { trusted, claimed };
}
