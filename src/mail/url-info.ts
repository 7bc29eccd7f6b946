import { domainToUnicode } from 'node:url';
import { parse as parseDomain } from 'tldts';

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
  userinfo: string;
  path: string;
  query: string;
}

const domainOptions = { allowPrivateDomains: true, extractHostname: false, detectIp: true } as const;
const icannOptions = { allowPrivateDomains: false, extractHostname: false, detectIp: true } as const;

/** Parses one URL; returns null for input the WHATWG parser rejects. */
export function describeUrl(raw: string): UrlInfo | null {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return null;
  }
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
    userinfo: parsed.username ? decodeSafe(parsed.username) + (parsed.password ? `:${decodeSafe(parsed.password)}` : '') : '',
    path: parsed.pathname,
    query: parsed.search,
  };
  if (!host) return info;
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

/** Registrable domain of a mail domain or host name, '' when there is none. */
export function registrableDomain(host: string): string {
  if (!host) return '';
  const facts = parseDomain(host.toLowerCase().replace(/\.$/, ''), domainOptions);
  if (facts.isIp) return host;
  return facts.domain ?? '';
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
