import { TRACKER_DOMAINS } from '../data/domains.js';
import type { Detector } from '../detector.js';
import { isClickable } from './links.js';
import { sameOrganisation } from '../organisation.js';
import { isUserContentLink } from '../user-content.js';

/**
 * Negative evidence (its weight is negative): the links go to the sender's own domain. Organisations
 * link to their own site; phishing links almost always lead somewhere else than the (spoofed or
 * throwaway) sender domain. Links to click-trackers and to catalogued brands (social-network footers)
 * are neutral. Catalogued brands' own mail is BRAND_AUTHENTIC's business, look-alike senders never
 * count, and a failed SPF/DMARC voids the claim.
 */
export const senderLinksAligned: Detector = {
  id: 'SENDER_LINKS_ALIGNED',
  group: 'sender',
  description: "Links lead to the sender's own domain (lowers the score)",
  run({ sender, urls, auth, brands, protectedLabels }) {
    if (!sender.registrable || sender.freemail || sender.ownBrand || auth.dmarc === 'fail' || auth.spf === 'fail') return [];
    const label = sender.registrable.split('.')[0] ?? '';
    if (brands.lookalike(label, protectedLabels)) return [];
    let aligned = 0;
    let foreign = 0;
    for (const u of urls) {
      const info = u.info;
      // Link text that shows a URL is what the reader is shown, not where a link goes (issue: a lying link's
      // text counted as a second, aligned link).
      if (!info || u.linkTextOnly || !isClickable(u) || (info.scheme !== 'http' && info.scheme !== 'https') || !info.host) continue;
      if (isUserContentLink(info)) foreign++;
      else if (sameOrganisation(info.host, sender.domain)) aligned++;
      else if (!TRACKER_DOMAINS.has(info.domain) && !brands.ownerOf(info.host)) foreign++;
    }
    if (aligned === 0 || aligned < foreign) return [];
    // Authenticated (DMARC, or DKIM of the From domain): the sender is accountable for its links.
    const verified = auth.dmarc === 'pass' || auth.dkimPassDomains.some((d) => sameOrganisation(d, sender.domain));
    const all = foreign === 0;
    const strength = (all ? 1 : 0.5) * (verified ? 1 : 0.5);
    const which = all ? 'Every link leads' : 'Most links lead';
    return [{ strength, reason: `${which} to the sender's own ${verified ? 'authenticated ' : ''}domain ${sender.registrable}` }];
  },
};

/**
 * Negative evidence: authenticated mail from the tenant's own domain (DMARC pass, or a DKIM signature of
 * that domain). Unauthenticated "internal" mail earns nothing: a spoofed colleague is the classic CEO fraud.
 */
export const internalAuthenticated: Detector = {
  id: 'INTERNAL_AUTHENTICATED',
  group: 'sender',
  description: "Authenticated mail from the tenant's own domain (lowers the score)",
  run({ sender, auth, ctx }) {
    if (!sender.registrable || auth.dmarc === 'fail' || auth.spf === 'fail') return [];
    const own = ctx.tenantDomains.some((d) => {
      const domain = d.toLowerCase();
      return sender.domain === domain || sender.domain.endsWith(`.${domain}`);
    });
    if (!own) return [];
    const verified = auth.dmarc === 'pass' || auth.dkimPassDomains.some((d) => sameOrganisation(d, sender.domain));
    return verified ? [{ strength: 1, reason: `Authenticated mail from your own domain ${sender.domain}` }] : [];
  },
};
