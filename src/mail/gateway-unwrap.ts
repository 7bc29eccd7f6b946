/**
 * Decoders for the link rewriting of security gateways (format as documented in docs/detection.md,
 * "Security-gateway rewrites"). A gateway is the recipient's own infrastructure, never the sender's: the
 * link is judged by the target the gateway wrote into it. Each decoder is a pure function of the URL, linear
 * in its length, and answers null (never throws) for a truncated or malformed rewrite.
 */
import { decodeUriComponentOrKeep } from '../core/uri.js';

/** What a decoder recovered: the target URL, or only its domain (Mimecast, Sophos without `u`). */
export interface GatewayTarget {
  target: string;
  domainOnly?: boolean;
}

/** `raw` is the URL as written (the WHATWG parser may have rewritten its path), `url` the same parsed. */
export type GatewayDecoder = (url: URL, raw: string) => GatewayTarget | null;

const hostIs = (url: URL, ...suffixes: string[]): boolean => suffixes.some((s) => url.hostname === s || url.hostname.endsWith(`.${s}`));

const looksLikeUrl = (value: string): boolean => /^https?:\/\/[^\s/?#]/i.test(value);

/** A host name a gateway wrote as its `domain` / `d` parameter: letters, digits, dots and hyphens only. */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z0-9-]{1,63}$/i;

/** A recovered target must be a web URL without control characters (bad base64 decodes to garbage). */
function asTarget(value: string | null): GatewayTarget | null {
  if (!value) return null;
  const target = value.trim();
  // eslint-disable-next-line no-control-regex
  return looksLikeUrl(target) && !/[\u0000-\u001f\u007f\ufffd]/.test(target) ? { target } : null;
}

/** One query parameter exactly as written (`+` kept: it is part of base64), or null. Linear. */
function rawParam(raw: string, name: string): string | null {
  const query = raw.indexOf('?');
  if (query < 0) return null;
  const end = raw.indexOf('#', query);
  for (const pair of raw.slice(query + 1, end < 0 ? undefined : end).split('&')) {
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  return null;
}

/** Entities left in a target that was HTML-escaped before the gateway encoded it ("&amp;" between parameters). */
const unescapeAmp = (value: string): string => value.replace(/&amp;/gi, '&');

/** Proofpoint URL Defense v1: `/v1/url?u=<percent-encoded target>&k=…`. */
export const proofpointV1: GatewayDecoder = (url) =>
  hostIs(url, 'urldefense.proofpoint.com') && url.pathname.startsWith('/v1/') ? asTarget(unescapeAmp(url.searchParams.get('u') ?? '')) : null;

/** Proofpoint URL Defense v2: `/v2/url?u=<target with "%" written "-" and "/" written "_">&d=…&c=…`. */
export const proofpointV2: GatewayDecoder = (url, raw) => {
  if (!hostIs(url, 'urldefense.proofpoint.com') || !url.pathname.startsWith('/v2/')) return null;
  const encoded = rawParam(raw, 'u');
  if (!encoded) return null;
  return asTarget(unescapeAmp(decodeUriComponentOrKeep(encoded.replace(/-/g, '%').replace(/_/g, '/'))));
};

/** Run lengths of Proofpoint v3's `**<c>` token: A stands for 2 characters, B for 3, … `_` for 65. */
const V3_RUN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Proofpoint URL Defense v3: `/v3/__<target>__;<base64url>!!<tenant>!<signature>$`. Characters the
 * gateway could not leave in the path were replaced by `*` (one character) or `**<c>` (a run, length from
 * V3_RUN); the replaced characters follow `__;`, base64url-encoded, in order.
 */
export const proofpointV3: GatewayDecoder = (url, raw) => {
  if (!hostIs(url, 'urldefense.com', 'urldefense.us', 'urldefense.proofpoint.com')) return null;
  const start = raw.indexOf('/v3/__');
  if (start < 0) return null;
  const rest = raw.slice(start + 6);
  const end = rest.indexOf('__;');
  let embedded = end >= 0 ? rest.slice(0, end) : rest.replace(/__$/, '');
  const bang = end >= 0 ? rest.indexOf('!', end) : -1;
  const encoded = end >= 0 ? rest.slice(end + 3, bang < 0 ? undefined : bang) : '';
  const replaced = [...Buffer.from(encoded, 'base64url').toString('utf8')];
  // The gateway writes "https:/host" when the target had a single slash after the scheme.
  embedded = embedded.replace(/^([a-z][a-z0-9+.-]*:\/)(?=[^/])/i, '$1/');
  let marker = 0;
  const target = decodeUriComponentOrKeep(embedded).replace(/\*(\*.)?/g, (token) => {
    const length = token === '*' ? 1 : V3_RUN.indexOf(token[2] ?? '') + 2;
    if (length < 1 || (token !== '*' && length < 2)) return token;
    const out = replaced.slice(marker, marker + length).join('');
    marker += length;
    return out;
  });
  return asTarget(target);
};

/**
 * Mimecast URL Protect: `protect-<region>.mimecast.com/s/<token>?domain=<host>`. The target is kept by
 * Mimecast, not written in the URL; at most its domain is. Without one the link stays on mimecast.com, a
 * gateway host (TRACKER_DOMAINS), and is judged by its text alone.
 */
export const mimecast: GatewayDecoder = (url) => {
  if (!hostIs(url, 'mimecast.com', 'mimecastprotect.com') || !url.pathname.startsWith('/s/')) return null;
  const domain = url.searchParams.get('domain');
  return domain && HOST_NAME.test(domain) ? { target: `https://${domain.toLowerCase()}/`, domainOnly: true } : null;
};

/** Barracuda Link Protection: `linkprotect.cudasvc.com/url?a=<percent-encoded target>&c=…`. */
export const barracuda: GatewayDecoder = (url) => (hostIs(url, 'linkprotect.cudasvc.com') ? asTarget(url.searchParams.get('a')) : null);

/** Cisco Secure Email URL rewriting: `secure-web.cisco.com/<token>/<percent-encoded target>`. */
export const ciscoSecureEmail: GatewayDecoder = (url, raw) => {
  if (url.hostname !== 'secure-web.cisco.com') return null;
  const host = raw.toLowerCase().indexOf('secure-web.cisco.com/');
  if (host < 0) return null;
  const path = raw.slice(host + 'secure-web.cisco.com/'.length);
  const slash = path.indexOf('/');
  return slash > 0 ? asTarget(decodeUriComponentOrKeep(path.slice(slash + 1))) : null;
};

/** Trend Micro Email Security time-of-click: `<region>.trendmicro.com/wis/clicktime/v1/query?url=<target>&umid=…&auth=…`. */
export const trendMicro: GatewayDecoder = (url) =>
  hostIs(url, 'trendmicro.com', 'trendmicro.eu') && url.pathname.startsWith('/wis/clicktime/') ? asTarget(url.searchParams.get('url')) : null;

/**
 * Sophos Email time-of-click: `<region>.protection.sophos.com/?d=<domain>&u=<base64 target>&i=…&t=…&h=…`.
 * `u` is read as written: a `+` of its base64 would be a space once the query is decoded.
 */
export const sophos: GatewayDecoder = (url, raw) => {
  if (!hostIs(url, 'protection.sophos.com')) return null;
  const u = rawParam(raw, 'u');
  const decoded = u ? asTarget(Buffer.from(decodeUriComponentOrKeep(u), 'base64').toString('utf8')) : null;
  if (decoded) return decoded;
  const domain = url.searchParams.get('d');
  return domain && HOST_NAME.test(domain) ? { target: `https://${domain.toLowerCase()}/`, domainOnly: true } : null;
};

/** Microsoft Defender for Office 365 Safe Links: `<region>.safelinks.protection.outlook.com/?url=<target>&data=…`. */
export const safeLinks: GatewayDecoder = (url) =>
  hostIs(url, 'safelinks.protection.outlook.com', 'safelinks.protection.office365.us') || (url.hostname === 'statics.teams.cdn.office.net' && url.pathname.includes('safelinks'))
    ? asTarget(decodeMaybe(url.searchParams.get('url')))
    : null;

function decodeMaybe(value: string | null): string | null {
  return value && /^https?%3a/i.test(value) ? decodeUriComponentOrKeep(value) : value;
}

/** Every gateway, by the name the result reports ("unwrapped from Proofpoint URL Defense v3"). */
export const GATEWAYS: ReadonlyArray<readonly [string, GatewayDecoder]> = [
  ['Microsoft Safe Links', safeLinks],
  ['Proofpoint URL Defense v1', proofpointV1],
  ['Proofpoint URL Defense v2', proofpointV2],
  ['Proofpoint URL Defense v3', proofpointV3],
  ['Mimecast', mimecast],
  ['Barracuda Link Protection', barracuda],
  ['Cisco Secure Email', ciscoSecureEmail],
  ['Trend Micro Email Security', trendMicro],
  ['Sophos Email', sophos],
];
