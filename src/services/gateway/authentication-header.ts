/**
 * Our own Authentication-Results header (RFC 8601), added by the doors when they tag a message so that
 * downstream filters and mail clients see what phishgate verified. Only `verified` facts are reported:
 * what other MTAs claimed is theirs to say.
 */
import type { AuthenticationFacts } from '../../core/authentication.js';
import { boundedValue } from './header-values.js';

/** Values come from the message (a selector is whatever the signer wrote): keep them to token characters. */
const token = (value: string): string => value.replace(/[^A-Za-z0-9._@+-]/g, '').slice(0, 200) || 'unknown';

export function authenticationResultsValue(authservId: string, facts: AuthenticationFacts): string {
  const parts: string[] = [];
  const { spf, dmarc, arc } = facts;
  if (spf.provenance === 'verified') parts.push(`spf=${spf.result} smtp.mailfrom=${token(spf.domain)}`);
  for (const d of facts.dkim) {
    if (d.provenance === 'verified') parts.push(`dkim=${d.result} header.d=${token(d.domain)} header.s=${token(d.selector)} header.a=${token(d.algorithm)}`);
  }
  if (dmarc.provenance === 'verified') parts.push(`dmarc=${dmarc.result}${dmarc.policy ? ` (p=${dmarc.policy}${dmarc.arc_override ? ' arc=override' : ''})` : ''} header.from=${token(dmarc.domain)}`);
  if (arc.provenance === 'verified' && arc.result !== 'none') parts.push(`arc=${arc.result}${arc.sealer ? ` (i=${arc.instance} sealer=${token(arc.sealer)})` : ''}`);
  return boundedValue(`${authservId}; ${parts.length ? parts.join('; ') : 'none'}`);
}
