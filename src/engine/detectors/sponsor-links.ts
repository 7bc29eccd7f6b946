import type { ExtractedUrl } from '../../mail/url-extract.js';
import type { DetectorInput } from '../detector.js';
import { sameOrganisation } from '../organisation.js';

/** Fewest links to the sender's own organisation before a mail counts as a newsletter or digest. */
const MIN_OWN_LINKS = 3;
/** Share of the non-neutral links on the sender's own organisation that makes a newsletter... */
const MIN_OWN_SHARE = 0.6;
/**
 * ...or the number of other organisations linked that makes a digest. In the labelled corpora no phishing
 * mail links to more than seven other organisations, while publishers' link digests link to dozens
 * (docs/detection.md "Rules").
 */
const DIGEST_ORGANISATIONS = 6;

/**
 * A sponsor link (docs/detection.md "Rules"): a link to another organisation in a newsletter (its links
 * mostly go to the sender's own site) or a digest (it links to the sender's site and to many other
 * organisations), when the mail claims no brand the sender does not stand behind. Newsletters carry
 * a sponsor on a cheap TLD, a shortened "links we liked" or a partner's search box; the mail's own call to
 * action is on the sender's site. The weak link rules (abused TLD, shortener, free hosting, a form posting
 * elsewhere) are no evidence about such a link. Phishing that sends from its own lure domain is unaffected:
 * its links are the sender's own and every rule still reads them.
 */
export function isSponsorLink(input: Pick<DetectorInput, 'judgement' | 'sender'>, u: ExtractedUrl): boolean {
  const { judgement, sender } = input;
  if (!judgement || !u.info || !sender.domain || sender.freemail) return false;
  if (judgement.mismatch || (judgement.claim && judgement.sentByClaimed !== true)) return false;
  const { total, own, neutral, foreignOrganisations } = judgement.links;
  if (own < MIN_OWN_LINKS) return false;
  if (own < MIN_OWN_SHARE * (total - neutral) && foreignOrganisations < DIGEST_ORGANISATIONS) return false;
  return !sameOrganisation(u.info.host, sender.domain);
}
