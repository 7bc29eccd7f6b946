import { domainToASCII } from 'node:url';
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

export function normalizeListValue(type: ListEntryType, raw: string): string {
  const value = type === 'domain' ? normalizeDomain(raw) : normalizeEmail(raw);
  if (!value) throw badRequest(type === 'domain' ? `value: "${raw}" is not a valid domain name` : `value: "${raw}" is not a valid email address`);
  return value;
}
