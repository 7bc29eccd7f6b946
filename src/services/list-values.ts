import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse as parseDomain } from 'tldts';
import { badRequest } from '../core/errors.js';
import type { ListEntryType } from '../core/domain.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower-case ASCII (punycode) form of a domain, or null when it is not a valid host name. */
export function normalizeDomain(raw: string): string | null {
  const trimmed = raw.trim().toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
  if (!trimmed || trimmed.length > 253 || /[\s/@:]/.test(trimmed)) return null;
  const ascii = domainToASCII(trimmed);
  if (!ascii) return null;
  return ascii.split('.').every((label) => LABEL.test(label)) ? ascii : null;
}

/** `local@domain` with the domain normalised and the local part lower-cased (docs/api.md: case-insensitive). */
export function normalizeEmail(raw: string): string | null {
  const trimmed = raw.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at > 64 || /[\s<>(),;:"\\[\]]/.test(trimmed.slice(0, at))) return null;
  const domain = normalizeDomain(trimmed.slice(at + 1));
  return domain ? `${trimmed.slice(0, at).toLowerCase()}@${domain}` : null;
}

/**
 * Why a (normalised) domain cannot be a list entry, or null. An entry for a public suffix (`com`,
 * `co.uk`, `github.io`) or a single label (`example`) would cover every sender under it: allow-listing
 * `com` made PayPal phishing safe (docs/security.md "List entries"). Private suffixes count too: an entry
 * for `github.io` would vouch for every GitHub Pages site. IP addresses are not sender domains.
 */
export function unlistableDomain(domain: string): string | null {
  const bare = domain.replace(/^\[|\]$/g, '');
  if (isIP(bare) || /^[0-9.]+$/.test(domain)) return 'is an IP address, not a domain name';
  const parsed = parseDomain(domain, { allowPrivateDomains: true });
  const listedSuffix = parsed.publicSuffix === domain && (parsed.isIcann === true || parsed.isPrivate === true);
  if (listedSuffix) return 'is a public suffix; name a registered domain under it';
  if (!domain.includes('.')) return 'is a single label; name a registered domain such as example.com';
  if (!parsed.domain || parsed.publicSuffix === domain) return 'is a public suffix; name a registered domain under it';
  return null;
}

export function normalizeListValue(type: ListEntryType, raw: string): string {
  const value = type === 'domain' ? normalizeDomain(raw) : normalizeEmail(raw);
  if (!value) throw badRequest(type === 'domain' ? `value: "${raw}" is not a valid domain name` : `value: "${raw}" is not a valid email address`);
  const domain = type === 'domain' ? value : value.slice(value.lastIndexOf('@') + 1);
  const why = unlistableDomain(domain);
  if (why) throw badRequest(`value: "${raw.slice(0, 100)}" ${type === 'domain' ? '' : `has a domain that `}${why}`);
  return value;
}
