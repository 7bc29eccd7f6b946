/**
 * SHARE_NOTICE_IMITATION: the mail is worded as a file-sharing platform's notice ("Karen has shared a
 * secure document with you", "vous a partagé un document", "hat ein Dokument für Sie freigegeben"), but no
 * sharing platform sent it, and the file opens on a page where anyone can publish (a user's area on a
 * platform, free hosting: data/domains.ts, user-content.ts) that belongs neither to the sender nor to the
 * recipient. That is the lure of a compromised mailbox (docs/detection.md "How a verdict is reached": who
 * the mail claims to be — here a platform's notice — and whether the sender is that): the genuine notice
 * comes from the platform's own domain, and a person sharing a file writes in the first person ("I have
 * shared", "je vous ai partagé"), which the `share` phrases leave out (lexicon/types.ts), and pastes the
 * file's address where the notice puts an "Open" button.
 */
import type { Detector, DetectorInput } from '../detector.js';
import { categoryOf } from '../lexicon/index.js';
import { isForwarded } from '../judgement.js';
import { sameOrganisation } from '../organisation.js';
import { namedAfter } from '../organisation-name.js';
import { isUserContentLink, plantedPath } from '../user-content.js';
import { linkWrittenOut, ownOrganisations } from './links.js';

/** The first label of a user-content host, without the OneDrive "-my" suffix: "contoso-my.sharepoint.com" → "contoso". */
const tenantLabel = (host: string): string => (host.split('.')[0] ?? '').replace(/-my$/, '').replace(/-/g, '');

/** The first link that opens the "shared" file on a page nobody here owns, or null. */
function foreignSharedPage(input: DetectorInput): string | null {
  const own = ownOrganisations(input);
  for (const u of input.urls) {
    const info = u.info;
    if (!info || u.kind === 'img' || u.kind === 'iframe' || (info.scheme !== 'http' && info.scheme !== 'https') || !info.host) continue;
    // A person pastes the address of the file they share; the notice and its imitation hide it behind "Open".
    // A page planted in another site's code folders (a compromised WordPress) is nobody's own file either.
    if (!(isUserContentLink(info) || plantedPath(info.path)) || linkWrittenOut(u)) continue;
    if (own.some((d) => sameOrganisation(info.host, d))) continue;
    const tenant = info.subdomain ? tenantLabel(info.host) : '';
    if (tenant !== '' && own.some((d) => namedAfter(tenant, d))) continue;
    return info.host;
  }
  return null;
}

export const shareNoticeImitation: Detector = {
  id: 'SHARE_NOTICE_IMITATION',
  // The sender group, not identity: one finding, so alone it makes mail suspicious, never phishing
  // (docs/detection.md "One finding is not phishing"); a person's unusual wording must not quarantine.
  group: 'sender',
  indicator: 'impersonation',
  description: "Worded as a file-sharing platform's notice (\"has shared a document with you\") but sent by no sharing platform, with the file on a page that belongs neither to the sender nor to you",
  run(input) {
    // A platform's own notice (Microsoft, Google, Dropbox, DocuSign …: the catalogue's brands and services).
    if (input.sender.ownBrand) return [];
    // A forwarded notice is judged as the message it forwards (docs/detection.md "Forwarded mail").
    if (isForwarded(input)) return [];
    const phrase = input.phrases.find((h) => categoryOf(h.tag) === 'share');
    if (!phrase) return [];
    const host = foreignSharedPage(input);
    if (!host) return [];
    const from = input.sender.registrable || input.sender.address || 'an unknown sender';
    return [{ strength: 1, reason: `Worded as a file-sharing notice ("${phrase.text}") but sent from ${from}, not by a sharing service, and the file opens on ${host}, which belongs neither to the sender nor to you` }];
  },
};
