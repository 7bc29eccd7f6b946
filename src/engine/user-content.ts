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

/**
 * Folders of a WordPress installation that no page of the site links to: its code (wp-includes, the
 * plugins', themes' and upgrade folders, wp-admin's assets). A "document" opening there is a page someone
 * planted on a compromised site (".../wp-content/plugins/sp/doc/index.php"), not the site's own content;
 * wp-content/uploads (the site's files) and wp-admin's pages (a site's own moderation links) are not listed.
 */
const PLANTED_FOLDERS = ['/wp-includes/', '/wp-content/plugins/', '/wp-content/themes/', '/wp-content/upgrade/', '/wp-content/languages/', '/wp-admin/css/', '/wp-admin/js/', '/wp-admin/images/', '/wp-admin/includes/', '/wp-admin/maint/', '/wp-admin/network/', '/wp-admin/user/'];

/** True when the path lies in a site's code folders (above): judge it with the page's host, never the sender's own. */
export function plantedPath(path: string): boolean {
  const p = path.toLowerCase();
  return PLANTED_FOLDERS.some((f) => p.includes(f));
}
