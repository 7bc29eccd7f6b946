/**
 * Redaction for the `redacted` privacy mode (docs/configuration.md): e-mail addresses keep only their domain,
 * digit runs of 3+ (account, card, phone and order numbers) become "###", and the names of the sender
 * and recipients are replaced wherever they appear. Linear regular expressions only.
 */
import { decodeUriComponentOrKeep } from '../../core/uri.js';

const ADDRESS = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8})/g;
const DIGITS = /\d(?:[\d \-.]{1,40}\d)?/g;

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, (_, domain: string) => `[address]@${domain}`);
}

export function redactNumbers(text: string): string {
  return text.replace(DIGITS, (run) => (run.replace(/\D/g, '').length >= 3 ? '###' : run));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each given name (and each of its words of 3+ letters) with "[name]". */
export function redactNames(text: string, names: readonly string[]): string {
  const words = new Set<string>();
  for (const name of names) for (const word of name.split(/[^\p{L}'-]+/u)) if (word.length >= 3) words.add(word);
  if (words.size === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}])(?:${[...words].slice(0, 50).map(escapeRegExp).join('|')})(?![\\p{L}])`, 'giu');
  return text.replace(pattern, '[name]');
}

export function redact(text: string, names: readonly string[]): string {
  return redactNumbers(redactNames(redactAddresses(text), names));
}

/** A URL without query string or fragment (they carry tokens and addresses), digits masked in the path. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${redactNumbers(redactAddresses(decodeUriComponentOrKeep(parsed.pathname)))}`;
  } catch {
    return redactNumbers(redactAddresses(url.split(/[?#]/)[0] ?? ''));
  }
}

