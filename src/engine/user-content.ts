/**
 * Pages that belong to a platform's users, not to the platform (docs/detection.md "Is the sender that
 * identity"): a Google Form, a shared Dropbox or OneDrive file, an event page. The platform's own
 * notification about them is genuine, but it vouches for nothing the user put there, so such a link never
 * makes a mail "authentic". Hosts where anyone can publish are data/domains.ts (USER_CONTENT_HOSTS); this
 * adds the user areas of brand hosts, which only the path tells apart.
 */
import { userContentStrength } from './data/domains.js';

/** Registrable domain → path prefixes of user content on it. */
const USER_PATHS: ReadonlyMap<string, readonly string[]> = new Map([
  ['dropbox.com', ['/s/', '/scl/', '/sh/', '/l/', '/t/']],
  ['live.com', ['/redir', '/embed', '/download', '/view.aspx', '/personal/']],
  ['eventbrite.com', ['/e/']],
  ['wetransfer.com', ['/downloads/']],
  ['box.com', ['/s/']],
  ['canva.com', ['/design/']],
  ['notion.so', ['/']],
  ['jotform.com', ['/']],
  ['typeform.com', ['/to/']],
]);
/** Whole hosts of platforms' user areas (share links, SharePoint/OneDrive tenants). */
const USER_HOST_SUFFIXES = ['sharepoint.com', '1drv.ms', 'we.tl', 'docs.google.com', 'drive.google.com', 'forms.office.com'];

export function isUserContentLink(info: { host: string; domain: string; path: string }): boolean {
  const host = info.host.toLowerCase();
  if (userContentStrength(host) > 0) return true;
  if (USER_HOST_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return true;
  const prefixes = USER_PATHS.get(info.domain);
  return prefixes !== undefined && prefixes.some((p) => info.path.startsWith(p));
}
