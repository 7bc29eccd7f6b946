import { domainToUnicode } from 'node:url';
import { parse as parseDomain } from 'tldts';
import { MAX_LINK_CHARS, decodeUriComponentOrKeep } from '../core/uri.js';

/** A URL taken apart once, for every rule to read. */
export interface UrlInfo {
  url: string;
  /** Lower-case scheme without the colon: http, https, data, javascript, … */
  scheme: string;
  /** ASCII host (punycode kept), lower-case, no brackets; '' for data:/javascript:. */
  host: string;
  /** Host with punycode labels decoded, for homograph checks and human reasons. */
  hostUnicode: string;
  /** Registrable domain ("example.co.uk"), or the host when there is none (IP addresses). */
  domain: string;
  /** The registrable domain without its public suffix ("example"), '' when none. */
  label: string;
  publicSuffix: string;
  subdomain: string;
  isIp: boolean;
  /** The public suffix is a private one (free hosting such as web.app, github.io, blogspot.com). */
  privateSuffix: boolean;
  /** The host ends in a real (ICANN) public suffix, not an unknown "TLD" such as "11b". */
  icann: boolean;
  /**
   * The host breaks DNS's length limits (over 253 octets, or a label over 63): no resolver will look it
   * up, so it is not taken apart (no domain, subdomain or suffix) and is reported as such.
   */
  overlongHost: boolean;
  userinfo: string;
  path: string;
  query: string;
}

const domainOptions = { allowPrivateDomains: true, extractHostname: false, detectIp: true } as const;
const icannOptions = { allowPrivateDomains: false, extractHostname: false, detectIp: true } as const;

/** Parses one URL; returns null for input the WHATWG parser rejects and for a link over MAX_LINK_CHARS. */
export function describeUrl(raw: string): UrlInfo | null {
  if (raw.length > MAX_LINK_CHARS) return null;
  const parsed = parseUrl(raw) ?? parseUrl(unescapeAuthority(raw));
  if (!parsed) return null;
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  const info: UrlInfo = {
    url: parsed.href,
    scheme,
    host,
    hostUnicode: host,
    domain: host,
    label: '',
    publicSuffix: '',
    subdomain: '',
    isIp: false,
    privateSuffix: false,
    icann: false,
    overlongHost: false,
    userinfo: parsed.username ? decodeUriComponentOrKeep(parsed.username) + (parsed.password ? `:${decodeUriComponentOrKeep(parsed.password)}` : '') : '',
    path: parsed.pathname,
    query: parsed.search,
  };
  if (!host) return info;
  if (isOverlongHost(host)) {
    info.overlongHost = true;
    return info;
  }
  const facts = parseDomain(host, domainOptions);
  info.isIp = facts.isIp === true || host.includes(':');
  if (info.isIp) return info;
  info.domain = facts.domain ?? host;
  info.publicSuffix = facts.publicSuffix ?? '';
  info.subdomain = facts.subdomain ?? '';
  info.label = facts.domainWithoutSuffix ?? '';
  info.privateSuffix = facts.isPrivate === true;
  info.icann = facts.isIcann === true || facts.isPrivate === true;
  if (host.includes('xn--')) info.hostUnicode = domainToUnicode(host) || host;
  return info;
}

/** Registrable domain by the ICANN list only ("evil.web.app" → "web.app"): who runs the hosting. */
export function icannDomain(host: string): string {
  return parseDomain(host, icannOptions).domain ?? host;
}

/**
 * Answers of `registrableDomain` for hosts already asked about. A message asks about the same few hosts
 * again and again (every link of a newsletter, the sender for each rule), and so do consecutive messages.
 * Bounded: hosts no longer than a valid one, emptied when full.
 */
const registrables = new Map<string, string>();
const MAX_REMEMBERED_HOSTS = 10_000;

/** Registrable domain of a mail domain or host name, '' when there is none. */
export function registrableDomain(host: string): string {
  if (!host) return '';
  const known = registrables.get(host);
  if (known !== undefined) return known;
  const facts = parseDomain(host.toLowerCase().replace(/\.$/, ''), domainOptions);
  const registrable = facts.isIp ? host : (facts.domain ?? '');
  if (host.length <= MAX_HOST_OCTETS) {
    if (registrables.size >= MAX_REMEMBERED_HOSTS) registrables.clear();
    registrables.set(host, registrable);
  }
  return registrable;
}

/** RFC 1035 limits: 253 octets in the written form, 63 per label. One pass, no split. */
export const MAX_HOST_OCTETS = 253;
export const MAX_LABEL_OCTETS = 63;
export function isOverlongHost(host: string): boolean {
  if (host.length > MAX_HOST_OCTETS) return true;
  let label = 0;
  for (let i = 0; i < host.length; i++) {
    if (host.charCodeAt(i) === 46) label = 0;
    else if (++label > MAX_LABEL_OCTETS) return true;
  }
  return false;
}


function parseUrl(raw: string | null): URL | null {
  if (raw === null) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** Scheme and authority: "http://" up to the first "/", "?" or "#". Bounded by RFC 1035's host length plus a port and userinfo. */
const AUTHORITY = /^([a-z][a-z0-9+.-]{0,20}:\/\/)([^/?#]{1,600})/i;

/**
 * A host or port written in percent escapes ("http://%31%39%35%2E…:%38%37/", a lure's IP address hidden
 * from the reader): browsers read the escapes; the WHATWG parser decodes them in the host but rejects
 * them in the port. The authority is unescaped once so the link is judged by where it goes; null when
 * there is nothing to unescape, so a URL is never parsed twice for nothing.
 */
function unescapeAuthority(raw: string): string | null {
  const m = AUTHORITY.exec(raw);
  if (!m || !m[2]!.includes('%')) return null;
  try {
    return m[1]! + decodeURIComponent(m[2]!) + raw.slice(m[0].length);
  } catch {
    return null;
  }
}
