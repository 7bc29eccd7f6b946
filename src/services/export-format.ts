/**
 * Line formats of the history export (docs/recipients.md): CSV safe to open in a spreadsheet, and JSON
 * lines. Pure functions over one stored analysis at a time, so the export streams in bounded memory.
 */
import type { StoredAnalysis } from './analysis-record.js';

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CSV_COLUMNS = [
  'analysis_id',
  'created_at',
  'source',
  'status',
  'verdict',
  'score',
  'confidence',
  'recommendation',
  'subject',
  'from',
  'to',
  'reasons',
  'brand_spoofing',
  'urls',
  'model',
  'cost_eur',
] as const;

/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text that
 * a spreadsheet would take for a formula gets a leading apostrophe (OWASP's advice), so an attacker's
 * subject such as `=HYPERLINK(…)` stays text. Numbers we write ourselves are never prefixed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvValues = (a: StoredAnalysis): Array<string | number | null | undefined> => [
  a.analysis_id,
  a.created_at,
  a.source,
  a.status,
  a.verdict,
  a.score,
  a.confidence,
  a.recommendation,
  a.subject,
  a.from,
  a.to,
  a.reasons?.join(' | '),
  a.indicators?.brand_spoofing,
  a.urls?.map((u) => u.url).join(' '),
  a.model,
  a.cost_eur,
];

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;
export const csvLine = (a: StoredAnalysis): string => `${csvValues(a).map(csvCell).join(',')}\r\n`;
/** JSON escapes U+2028/2029 too, so every record is exactly one line. */
export const jsonLine = (a: StoredAnalysis): string => `${JSON.stringify(a).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}\n`;
