import type { MailAddress } from '../core/message.js';

/**
 * Address syntax is checked by hand, in one pass: the regular expressions this replaces backtracked
 * quadratically on long runs of spaces or dots (docs/performance.md, bounded work).
 */
const NOT_IN_ATOM = /[\s@<>()",;:]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

const atomChars = (text: string): boolean => text.length > 0 && !NOT_IN_ATOM.test(text);

/** `local@domain.tld`, `local@[literal]` or `local@host` (no dot). */
function isAddress(address: string): boolean {
  const at = address.indexOf('@');
  if (at <= 0 || !atomChars(address.slice(0, at))) return false;
  const domain = address.slice(at + 1);
  if (domain.startsWith('[') && domain.endsWith(']') && /^[0-9a-fA-F:.]+$/.test(domain.slice(1, -1))) return true;
  if (/^[a-z0-9-]+$/i.test(domain)) return true;
  return atomChars(domain) && domain.slice(1, -1).includes('.');
}

/** `Name <a@b>`, `"Name" <a@b>` or `a@b` → address; null when no valid address is present. */
export function parseAddress(raw: string): MailAddress | null {
  const text = raw.trim();
  let name = '';
  let address = text;
  if (text.endsWith('>')) {
    const open = text.lastIndexOf('<');
    const inner = open < 0 ? '' : text.slice(open + 1, -1);
    const before = open < 0 ? '' : text.slice(0, open).trimEnd();
    // The display name is one line; the angle brackets hold the address alone.
    if (open >= 0 && !inner.includes('>') && !LINE_BREAK.test(before)) {
      name = before.trim();
      if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1);
      address = inner;
    }
  }
  address = address.trim();
  if (!isAddress(address)) return null;
  const at = address.lastIndexOf('@');
  return { name, address: `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}` };
}

/** Comma-separated list; commas inside quotes do not split. Invalid members are dropped. */
export function parseAddressList(raw: string): MailAddress[] {
  return splitAddressList(raw).map(parseAddress).filter((a): a is MailAddress => a !== null);
}

/** The members of a comma-separated address list as written (commas inside quotes do not split), empty ones left out. */
export function splitAddressList(raw: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(raw.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}
