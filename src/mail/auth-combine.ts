/**
 * One `authentication` object from our own checks and the headers' results (docs/authentication.md
 * "Provenance"). For each method a pass from a counted source wins (our check, or a trusted MTA that saw
 * the mail before an internal hop changed it), then our own result, then a trusted header's; a claimed
 * result is shown only when nothing counted exists, and it never counts.
 */
import { noAuthentication, type ArcFact, type AuthenticationFacts, type DkimFact, type DmarcFact, type SpfFact } from '../core/authentication.js';
import type { HeaderField } from '../core/message.js';
import { headerAuth, type HeaderAuth, type HeaderTrust } from './auth-headers.js';
import { alignedDomains } from './auth-results.js';

/** What our own checks found (services/authentication/verify.ts); every fact has provenance `verified`. */
export interface VerifiedFacts {
  /** Absent when SPF could not be checked (no client address, or an internal relay); `spfSkipped` says why. */
  spf?: SpfFact;
  spfSkipped?: string;
  dkim: DkimFact[];
  dmarc?: DmarcFact;
  /** Why DMARC was not evaluated (no single From address, or not conclusive without SPF). */
  dmarcSkipped?: string;
  arc: ArcFact;
}

/** DKIM facts listed at most (our own, then trusted, then claimed). */
const MAX_DKIM = 20;

function pick<T extends { result: string }>(verified: T | undefined, trusted: T | undefined, claimed: T | undefined): T | undefined {
  if (verified?.result === 'pass') return verified;
  if (trusted?.result === 'pass') return trusted;
  return verified ?? trusted ?? claimed;
}

export interface CombineInput {
  verified: VerifiedFacts | null;
  /** Why nothing was verified (verification off, no DNS, …), shown on methods that stay `none`. */
  notVerified?: string;
  header: HeaderAuth;
  /** RFC5322.From domain, lower-case ('' when none). */
  fromDomain: string;
}

export function combineFacts(input: CombineInput): AuthenticationFacts {
  const { verified, header, fromDomain } = input;
  const facts = noAuthentication();
  const spf = pick(verified?.spf, header.trusted.spf, header.claimed.spf);
  if (spf) facts.spf = spf;
  else facts.spf.comment = verified?.spfSkipped ?? input.notVerified ?? 'not checked';

  const verifiedPass = new Set((verified?.dkim ?? []).filter((d) => d.result === 'pass').map((d) => d.domain));
  const withAlignment = (d: DkimFact): DkimFact => {
    const domain = d.domain || (d.provenance !== 'verified' && d.comment ? fromDomain : d.domain);
    return { ...d, domain, aligned: d.provenance === 'verified' ? d.aligned : alignedDomains(domain, fromDomain) };
  };
  facts.dkim = [
    ...(verified?.dkim ?? []),
    ...header.trusted.dkim.filter((d) => !verifiedPass.has(d.domain)),
    ...header.claimed.dkim,
  ]
    .slice(0, MAX_DKIM)
    .map(withAlignment);

  const dmarc = pick(verified?.dmarc, header.trusted.dmarc, header.claimed.dmarc);
  if (dmarc) facts.dmarc = { ...dmarc, domain: dmarc.domain || fromDomain };
  else facts.dmarc = { ...facts.dmarc, domain: fromDomain, comment: verified?.dmarcSkipped ?? input.notVerified ?? (fromDomain ? 'not checked' : 'no single From address') };

  const arc = verified && verified.arc.result !== 'none' ? verified.arc : (header.trusted.arc ?? header.claimed.arc ?? verified?.arc);
  if (arc) facts.arc = arc;
  return facts;
}

/** Facts from the headers alone (no DNS): what `phishgate scan` uses for stored mail. */
export function headerOnlyFacts(headers: readonly HeaderField[], fromDomain: string, trust: HeaderTrust): AuthenticationFacts {
  return combineFacts({ verified: null, notVerified: 'not verified (offline)', header: headerAuth(headers, trust), fromDomain });
}
