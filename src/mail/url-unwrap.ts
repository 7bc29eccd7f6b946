/**
 * Offline unwrapping of link wrappers and click-trackers whose target is written in the URL (docs/detection.md:
 * "wrapped links are their top false-positive complaint"). Each unwrapper is a pure function of the
 * URL; none fetches anything. A wrapped URL is judged (and list-matched) by its target.
 */
import { MAX_LINK_CHARS, decodeUriComponentOrKeep } from '../core/uri.js';
import { GATEWAYS } from './gateway-unwrap.js';


export interface Unwrapped {
  /** The innermost target found (the input when nothing was unwrapped). */
  url: string;
  /** Wrappers peeled off, outermost first, e.g. ["Microsoft Safe Links", "Proofpoint URL Defense v3"]. */
  wrappers: string[];
  /** True when only the target's domain was recoverable (Mimecast). */
  domainOnly: boolean;
  /** True when a target came from a generic redirect parameter on a site that is not a known wrapper. */
  openRedirect: boolean;
}

type Unwrapper = (url: URL, raw: string) => { target: string; domainOnly?: boolean } | null;

const MAX_LEVELS = 4;

const param = (url: URL, ...names: string[]): string | null => {
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value) return value;
  }
  return null;
};

const looksLikeUrl = (value: string): boolean => /^https?:\/\//i.test(value) || /^https?%3a%2f%2f/i.test(value);

function decodeMaybe(value: string): string {
  return /^https?%3a/i.test(value) ? decodeUriComponentOrKeep(value) : value;
}

const hostIs = (url: URL, ...suffixes: string[]): boolean => suffixes.some((s) => url.hostname === s || url.hostname.endsWith(`.${s}`));

/** google.com/amp/s/example.com/page → https://example.com/page; /amp/example.com/… → http://. */
function ampTarget(url: URL): string | null {
  if (!url.pathname.startsWith('/amp/')) return null;
  const rest = url.pathname.slice('/amp/'.length);
  const secure = rest.startsWith('s/');
  const target = secure ? rest.slice(2) : rest;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(target) ? `${secure ? 'https' : 'http'}://${target}${url.search}` : null;
}

/** Bing's `ck/a` redirect: u=a1<base64url of the target>. Much abused by phishers. */
function bingTarget(url: URL): string | null {
  const u = url.searchParams.get('u');
  if (!u || !u.startsWith('a1')) return null;
  const decoded = Buffer.from(u.slice(2).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return looksLikeUrl(decoded) ? decoded : null;
}

/** A property of a parsed JSON value, or undefined when the value is no object. */
const field = (value: unknown, name: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);

/** The `url` of a JSON object, or of the JSON object in its string field `inner` (Mandrill nests one), or null. */
function jsonUrl(text: string, inner?: string): string | null {
  try {
    let value: unknown = JSON.parse(text);
    const nested = inner ? field(value, inner) : undefined;
    if (typeof nested === 'string') value = JSON.parse(nested);
    const url = field(value, 'url');
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

/** base64 (either alphabet) → UTF-8 text; garbage in gives garbage out, which jsonUrl then refuses. */
const fromBase64 = (value: string): string => Buffer.from(value, 'base64').toString('utf8');

/**
 * Click-trackers of email service providers that write the target into the link as base64 JSON
 * (docs/detection.md "URLs and link wrappers"): the link is judged by where it leads, as a reader reaches it.
 * A forged payload gains a phisher nothing: the tracker then leads where the payload says, or nowhere.
 */
const ESP_PAYLOADS: ReadonlyArray<readonly [string, Unwrapper]> = [
  // Mandrill (Mailchimp Transactional): /track/click/<account>/<target host>?p=<base64 {"s":…,"p":"{…,\"url\":…}"}>.
  ['Mandrill click tracking', (u) => (u.hostname === 'mandrillapp.com' && u.pathname.startsWith('/track/click/') ? wrap(jsonUrl(fromBase64(u.searchParams.get('p') ?? ''), 'p')) : null)],
  // parcelLab's shipping notices for shops: /click/<email id>/forward?to=<base64 {"emailId":…,"url":…}>.
  ['parcelLab click tracking', (u) => (hostIs(u, 'versand-status.de', 'parcellab.com') && /^\/click\/[0-9a-f]+\/forward$/i.test(u.pathname) ? wrap(jsonUrl(fromBase64(u.searchParams.get('to') ?? ''))) : null)],
];

const KNOWN: ReadonlyArray<readonly [string, Unwrapper]> = [
  // Security gateways first (src/mail/gateway-unwrap.ts): they wrap everything else.
  ...GATEWAYS,
  ['Google redirect', (u) => (/^(www\.)?google\.[a-z.]{2,6}$/.test(u.hostname) && u.pathname === '/url' ? wrap(param(u, 'q', 'url')) : null)],
  // Google's AMP viewer opens any site under google.com/amp/ (s/ for https), a redirect phishers use to
  // put google.com in front of their page: the page is judged, not Google.
  ['Google AMP viewer', (u) => (/^(www\.)?google\.[a-z.]{2,6}$/.test(u.hostname) ? wrap(ampTarget(u)) : null)],
  ['Bing redirect', (u) => (/^(www\.)?bing\.com$/.test(u.hostname) && u.pathname === '/ck/a' ? wrap(bingTarget(u)) : null)],
  ['Facebook link shim', (u) => (/^(l|lm)\.facebook\.com$|^l\.instagram\.com$/.test(u.hostname) ? wrap(param(u, 'u')) : null)],
  ['YouTube redirect', (u) => (/^(www\.)?youtube\.com$/.test(u.hostname) && u.pathname === '/redirect' ? wrap(param(u, 'q')) : null)],
  ['LinkedIn redirect', (u) => (hostIs(u, 'linkedin.com') && u.pathname.startsWith('/redir/') ? wrap(param(u, 'url')) : null)],
  // Webmail dereferrers (WEB.DE, GMX, mail.com) rewrite the links of mail read there, and a reply or
  // forward written there carries them: the reader's own provider, not the sender's choice.
  ['Webmail dereferrer', (u) => (/^deref-(web(-02)?\.de|gmx\.(net|com|de)|mail\.com)$/.test(u.hostname) && u.pathname.includes('/dereferrer/') ? wrap(param(u, 'redirectUrl')) : null)],
  ['Slack redirect', (u) => (u.hostname === 'slack-redir.net' ? wrap(param(u, 'url')) : null)],
  ...ESP_PAYLOADS,
  ['Postmark click tracking', (u) => {
    if (u.hostname !== 'click.pstmrk.it') return null;
    const match = /^\/[0-9a-z]+\/([^/]+)/.exec(u.pathname);
    if (!match?.[1]) return null;
    try {
      const target = decodeURIComponent(match[1]);
      return wrap(/^https?:/i.test(target) ? target : `https://${target}`);
    } catch {
      return null;
    }
  }],
];

/** Parameters through which ESP click-trackers and redirectors carry their target in clear. */
const REDIRECT_PARAMS = ['url', 'u', 'q', 'redirect', 'redirect_url', 'redirect_uri', 'target', 'dest', 'destination', 'link', 'r', 'goto', 'to', 'href', 'next', 'returnurl'];

function wrap(target: string | null): { target: string } | null {
  if (!target) return null;
  const decoded = decodeMaybe(target.trim());
  return looksLikeUrl(decoded) ? { target: decoded } : null;
}

/**
 * Peels known wrappers (up to 4 levels), then a generic redirect parameter if one carries a URL. A link
 * longer than MAX_LINK_CHARS is returned as written: no caller passes one, and the bound keeps every decoder's
 * work within what the string builder does in linear time.
 */
export function unwrapUrl(input: string): Unwrapped {
  const result: Unwrapped = { url: input, wrappers: [], domainOnly: false, openRedirect: false };
  if (input.length > MAX_LINK_CHARS) return result;
  for (let level = 0; level < MAX_LEVELS; level++) {
    let parsed: URL;
    try {
      parsed = new URL(result.url);
    } catch {
      return result;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return result;
    let next: { target: string; domainOnly?: boolean } | null = null;
    let name = '';
    for (const [wrapperName, unwrap] of KNOWN) {
      next = unwrap(parsed, result.url);
      if (next) {
        name = wrapperName;
        break;
      }
    }
    if (!next && parsed.search.length > 10) {
      const key = REDIRECT_PARAMS.find((p) => looksLikeUrl(parsed.searchParams.get(p) ?? ''));
      const target = key ? wrap(parsed.searchParams.get(key)) : null;
      if (target) {
        next = target;
        name = `redirect via ${parsed.hostname}`;
        result.openRedirect = true;
      }
    }
    if (!next) return result;
    result.url = next.target;
    result.wrappers.push(name);
    if (next.domainOnly) {
      result.domainOnly = true;
      return result;
    }
  }
  return result;
}
