/**
 * Rules on verified or trusted sender authentication (docs/authentication.md "Rules"). Their weights are
 * priors set by hand, not fitted: the corpora carry no authentication we could verify.
 */
import { domainOf } from '../../core/message.js';
import { alignedDomains } from '../../mail/auth-results.js';
import type { Detector } from '../detector.js';
import { allowEntryFor, allowStanding, describeEntry } from '../lists.js';

/** engine.weights.ALLOW_LIST_UNVERIFIED must stay in this range: a hint, never a verdict. */
export const ALLOW_UNVERIFIED_WEIGHT_RANGE = { min: -3, max: 0 } as const;

/** Negative evidence, bounded: the sender is allow-listed but nothing authenticates the From domain. */
export const allowListUnverified: Detector = {
  id: 'ALLOW_LIST_UNVERIFIED',
  group: 'auth',
  description: 'The From address is on the allow list but no verified or trusted authentication vouches for it (lowers the score a little; only an aligned pass makes the entry decide)',
  run({ message, ctx, auth }) {
    const found = allowEntryFor(message, ctx.allowList);
    if (!found || allowStanding(domainOf(found.from), auth).kind !== 'unverified') return [];
    return [{ strength: 1, reason: `Sender ${found.from} is on the allow list (${describeEntry(found.entry)}), but its mail is not authenticated, so the entry only counts as a hint` }];
  },
};

/** Negative evidence: a DKIM signature of the brand the mail names, aligned with its From domain. */
export const brandDkimAligned: Detector = {
  id: 'BRAND_DKIM_ALIGNED',
  group: 'auth',
  description: 'A verified DKIM signature of the brand the mail presents itself as, aligned with the From domain (lowers the score)',
  run({ sender, auth, brands, claims }) {
    if (!sender.domain || auth.dmarc === 'fail') return [];
    const named = [sender.ownBrand, ...claims.map((c) => c.brand)].filter((b) => b !== null);
    for (const brand of named) {
      const domain = auth.dkimPassDomains.find((d) => brands.owns(brand, d) && alignedDomains(d, sender.domain));
      if (domain) return [{ strength: 1, reason: `Authenticated as ${brand.name}: valid DKIM signature of ${domain}, aligned with the sender address` }];
    }
    return [];
  },
};

/** A brand's own domain in From, failing DMARC where the brand asks receivers to reject such mail. */
export const brandDmarcReject: Detector = {
  id: 'BRAND_DMARC_REJECT',
  group: 'brand',
  indicator: 'impersonation',
  description: "The From domain belongs to a catalogued brand and fails DMARC although the brand publishes p=reject (or quarantine): a spoofed brand address",
  run({ sender, auth }) {
    const brand = sender.ownBrand;
    if (!brand || auth.dmarc !== 'fail' || !auth.dmarcPolicy || auth.dmarcPolicy === 'none') return [];
    const strength = auth.dmarcPolicy === 'reject' ? 1 : 0.6;
    return [{ strength, reason: `Spoofed ${brand.name} address: ${sender.domain} fails DMARC and ${brand.name} asks receivers to ${auth.dmarcPolicy} such mail`, brand: brand.name }];
  },
};
