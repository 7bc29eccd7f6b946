import type { MailAddress } from '../core/message.js';

const ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$|^[^\s@<>()",;:]+@\[[0-9a-fA-F:.]+\]$|^[^\s@<>()",;:]+@[a-z0-9-]+$/i;

/** `Name <a@b>`, `"Name" <a@b>` or `a@b` → address; null when no valid address is present. */
export function parseAddress(raw: string): MailAddress | null {
  const text = raw.trim();
  const angled = /^(.*?)\s*<([^<>]*)>\s*$/.exec(text);
  const name = angled ? angled[1]!.trim().replace(/^"(.*)"$/, '$1') : '';
  const address = (angled ? angled[2]! : text).trim();
  if (!ADDRESS.test(address)) return null;
  const at = address.lastIndexOf('@');
  return { name, address: `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}` };
}

/** Comma-separated list; commas inside quotes do not split. Invalid members are dropped. */
export function parseAddressList(raw: string): MailAddress[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of raw) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map(parseAddress).filter((a): a is MailAddress => a !== null);
}
