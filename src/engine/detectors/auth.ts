import type { Detector, DetectorHit } from '../detector.js';
import { sameOrganisation } from '../organisation.js';

/**
 * How much a DMARC failure weighs: what the domain's owner asks receivers to do with it. p=reject or
 * p=quarantine say "this is not us"; p=none says "monitor only", which mailing lists, forwarders and
 * bounces (null sender, so SPF checks the HELO name) fail every day. Below 0.7 the failure is one finding
 * like any other, not evidence that quarantines alone (docs/detection.md "One finding is not phishing").
 */
function dmarcFailStrength(policy: string | null | undefined): number {
  if (policy === 'reject') return 1;
  // p=quarantine, or a policy the results did not record.
  return policy === 'none' ? 0.5 : 0.8;
}

export const authFail: Detector = {
  id: 'AUTH_FAIL',
  group: 'auth',
  indicator: 'impersonation',
  description: 'SPF, DKIM or DMARC failed for the sender (verified, or recorded by a trusted MTA)',
  run({ auth, sender }) {
    const domain = sender.domain || 'the sender domain';
    const hits: DetectorHit[] = [];
    if (auth.dmarc === 'fail') hits.push({ strength: dmarcFailStrength(auth.dmarcPolicy), reason: `DMARC failed for ${auth.dmarcDomain || domain}: the sender address is not authenticated${auth.dmarcPolicy === 'none' ? ' (its owner publishes p=none: monitor only)' : ''}` });
    if (auth.spf === 'fail') hits.push({ strength: 0.7, reason: `SPF failed for ${auth.spfDomain || domain}: the sending server is not allowed to send for it` });
    if (auth.dkim === 'fail') hits.push({ strength: 0.5, reason: `DKIM signature failed for ${domain}` });
    if (auth.spf === 'softfail') hits.push({ strength: 0.3, reason: `SPF soft-failed for ${auth.spfDomain || domain}` });
    return hits;
  },
};

/** Negative evidence (its weight is negative): the From domain is authenticated. */
export const authAlignedPass: Detector = {
  id: 'AUTH_ALIGNED_PASS',
  group: 'auth',
  description: 'DMARC passed, or DKIM/SPF passed for the From domain (lowers the score)',
  run({ auth, sender }) {
    if (auth.source === 'none' || !sender.registrable || auth.dmarc === 'fail' || auth.spf === 'fail') return [];
    if (auth.dmarc === 'pass' && (!auth.dmarcDomain || sameOrganisation(auth.dmarcDomain, sender.domain))) {
      return [{ strength: 1, reason: `Sender authenticated: DMARC passed for ${sender.domain}` }];
    }
    const dkim = auth.dkimPassDomains.find((d) => sameOrganisation(d, sender.domain));
    if (dkim) return [{ strength: 0.8, reason: `Sender authenticated: valid DKIM signature of ${dkim}` }];
    if (auth.spf === 'pass' && auth.spfDomain && sameOrganisation(auth.spfDomain, sender.domain)) return [{ strength: 0.4, reason: `SPF passed for ${sender.domain}` }];
    return [];
  },
};
