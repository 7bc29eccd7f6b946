/**
 * Server-side templates as tagged template literals (docs/console.md, "Why no template engine"): every
 * interpolated value is escaped unless it is itself an `Html` made by this tag, so forgetting to escape
 * is not possible, and tsc checks every template. Subjects, names and addresses come from attackers.
 */
import { escapeHtml } from '../../core/escape-html.js';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (part === null || part === undefined || part === false || part === true) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

/** A query string from fixed names and (escaped by `html` later) values; empty values are left out. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `2026-11-15T12:00:00.000Z` → `2026-11-15 12:00:00 UTC`. */
export const when = (iso: string | null | undefined): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '');

export const bytes = (n: number): string => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);
