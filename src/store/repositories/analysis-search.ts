/**
 * History search for the console (docs/console.md, "History"): the tenant's analyses by date range,
 * verdict, door, sender, recipient, subject words, rule and imitated brand. Text matches are
 * case-insensitive substring matches on the stored summaries; LIKE wildcards in the input are escaped,
 * so a search is always literal.
 */
import { sql, type Kysely } from 'kysely';
import type { AnalysisEntry } from '../../core/analysis.js';
import type { Database } from '../schema.js';
import { analysisPage, filteredAnalyses, type AnalysisFilter, type AnalysisScope } from './analyses.js';

export interface HistoryFilter extends AnalysisFilter {
  sender?: string;
  recipient?: string;
  /** Every word must occur in the subject. */
  subjectWords?: string[];
  /** A rule id (SCREAMING_SNAKE) that fired. */
  rule?: string;
  /** The imitated brand's display name, exactly. */
  brand?: string;
}

/** `%` and `_` match literally; `\` is the escape character of every LIKE below. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string): string => `%${likeLiteral(text.toLowerCase())}%`;

/** What GET /v1/analyses filters on (analyses.ts), then the history's text, rule and brand matches. */
function matching(db: Kysely<Database>, scope: AnalysisScope, f: Omit<HistoryFilter, 'limit' | 'offset'>) {
  let q = filteredAnalyses(db, scope, f);
  if (f.sender) q = q.where(sql<boolean>`lower(from_addr) like ${contains(f.sender)} escape '\\'`);
  if (f.recipient) q = q.where(sql<boolean>`lower(to_addr) like ${contains(f.recipient)} escape '\\'`);
  for (const word of f.subjectWords ?? []) q = q.where(sql<boolean>`lower(subject) like ${contains(word)} escape '\\'`);
  // Rule ids are [A-Z0-9_]; stored as JSON objects {"id":"RULE",...}, so the quoted id matches exactly.
  if (f.rule) q = q.where(sql<boolean>`rules_json like ${`%"id":"${likeLiteral(f.rule)}"%`} escape '\\'`);
  if (f.brand) q = q.where(sql<boolean>`result_json like ${`%"brand_spoofing":${likeLiteral(JSON.stringify(f.brand))}%`} escape '\\'`);
  return q;
}

export async function searchAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: HistoryFilter): Promise<{ entries: AnalysisEntry[]; total: number }> {
  return analysisPage(matching(db, scope, filter), filter);
}
