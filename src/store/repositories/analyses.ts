/**
 * The `analyses` table. Services hand in and get back `AnalysisEntry` (core/analysis.ts); the column names,
 * the 0/1 of `livemode` and the JSON of the result and the rules stay here (docs/architecture.md).
 */
import type { Kysely } from 'kysely';
import type { AnalysisEntry, AnalysisStatus, RuleHit, StoredResult, Verdict } from '../../core/analysis.js';
import type { Source } from '../../core/message.js';
import type { AnalysesTable, Database } from '../schema.js';
import { fixedQuery } from '../fixed-query.js';

/** What a finished analysis adds to its entry (stored at once, or when a queued one completes or fails). */
export type AnalysisOutcome = Pick<AnalysisEntry, 'status' | 'verdict' | 'score' | 'result' | 'rules' | 'costMicros' | 'completedAt'>;

/** The columns of an outcome; `rules_json` only when it has rules (the column stays as it is otherwise). */
export function outcomeColumns(outcome: AnalysisOutcome) {
  return {
    status: outcome.status,
    verdict: outcome.verdict,
    score: outcome.score,
    result_json: outcome.result === null ? null : JSON.stringify(outcome.result),
    ...(outcome.rules ? { rules_json: JSON.stringify(outcome.rules) } : {}),
    cost_micros: outcome.costMicros,
    completed_at: outcome.completedAt,
  };
}

/** The table's columns for an entry. */
export function analysisColumns(entry: AnalysisEntry): AnalysesTable {
  return {
    id: entry.id,
    tenant_id: entry.tenantId,
    livemode: entry.livemode ? 1 : 0,
    source: entry.source,
    subject: entry.subject,
    from_addr: entry.from,
    to_addr: entry.to,
    api_key_id: entry.apiKeyId,
    created_at: entry.createdAt,
    ...outcomeColumns(entry),
  };
}

/** The entry a row holds; its rules only when asked for (lists do without them). */
export function analysisEntry(row: AnalysesTable, withRules = false): AnalysisEntry {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    livemode: row.livemode === 1,
    source: row.source as Source,
    status: row.status as AnalysisStatus,
    verdict: row.verdict as Verdict | null,
    score: row.score,
    subject: row.subject,
    from: row.from_addr,
    to: row.to_addr,
    result: row.result_json ? (JSON.parse(row.result_json) as StoredResult) : null,
    ...(withRules && row.rules_json ? { rules: JSON.parse(row.rules_json) as RuleHit[] } : {}),
    // PostgreSQL returns BIGINT as a string.
    costMicros: Number(row.cost_micros),
    apiKeyId: row.api_key_id,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

const COLUMNS = [
  'id', 'tenant_id', 'livemode', 'source', 'subject', 'from_addr', 'to_addr', 'api_key_id', 'created_at',
  'status', 'verdict', 'score', 'result_json', 'rules_json', 'cost_micros', 'completed_at',
] as const satisfies ReadonlyArray<keyof AnalysesTable>;

// Every analysis inserts one row: compiled once (store/fixed-query.ts). An entry without rules stores NULL
// in rules_json, as the column's default would.
const insertRow = fixedQuery(COLUMNS, (db, p) => db.insertInto('analyses').values(p));

export async function insertAnalysis(db: Kysely<Database>, entry: AnalysisEntry): Promise<void> {
  await insertRow(db, { rules_json: null, ...analysisColumns(entry) });
}

export interface AnalysisScope {
  tenantId: string;
  livemode: boolean;
  /** Rows created before this instant are no longer visible (docs/api.md: 30-day retention). */
  visibleSince: string;
}

/** The analyses of the scope's tenant and mode that are still visible (newer than the retention cut). */
function visibleAnalyses(db: Kysely<Database>, scope: AnalysisScope) {
  return db
    .selectFrom('analyses')
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('created_at', '>=', scope.visibleSince);
}

/** One analysis of the tenant and mode still visible, with the rules that fired. */
export async function findAnalysis(db: Kysely<Database>, scope: AnalysisScope, id: string): Promise<AnalysisEntry | undefined> {
  const row = await visibleAnalyses(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
  return row && analysisEntry(row, true);
}

export interface AnalysisFilter {
  /** Inclusive lower bound, ISO instant. */
  from?: string;
  /** Exclusive upper bound, ISO instant. */
  before?: string;
  verdict?: string;
  source?: string;
  limit: number;
  offset: number;
}

/** The tenant's analyses the filter selects (pagination aside): one place for listing, export and history search. */
export function filteredAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: Omit<AnalysisFilter, 'limit' | 'offset'>) {
  let base = db
    .selectFrom('analyses')
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('created_at', '>=', filter.from && filter.from > scope.visibleSince ? filter.from : scope.visibleSince);
  if (filter.before) base = base.where('created_at', '<', filter.before);
  if (filter.verdict) base = base.where('verdict', '=', filter.verdict);
  if (filter.source) base = base.where('source', '=', filter.source);
  return base;
}

export type FilteredAnalyses = ReturnType<typeof filteredAnalyses>;

/** One page of what `base` selects, newest first, and how many it selects in all. */
export async function analysisPage(base: FilteredAnalyses, page: { limit: number; offset: number }): Promise<{ entries: AnalysisEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map((row) => analysisEntry(row)), total: Number(count.total) };
}

export async function listAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: AnalysisFilter): Promise<{ entries: AnalysisEntry[]; total: number }> {
  return analysisPage(filteredAnalyses(db, scope, filter), filter);
}

/** Ids and statuses of one page of the listing, newest first (the index analyses_listing covers it). */
export const listingPage = (db: Kysely<Database>, scope: AnalysisScope, filter: AnalysisFilter) =>
  filteredAnalyses(db, scope, filter).select(['id', 'status']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset);

/** How many analyses past the end of a page the listing counts (docs/api.md, "Lists and pagination"). */
export const COUNT_AHEAD = 1_000;

/**
 * One page of the listing without the stored results: id and status of each row, newest first, and the
 * total. The caller fetches the rows it has no serialized copy of with `findAnalysesByIds`. The total is
 * counted up to `COUNT_AHEAD` rows past the page, so its cost grows with the offset (as the page's own
 * does) but not with everything the tenant stored; `totalExact` is false when counting stopped there.
 */
export async function listAnalysisIds(
  db: Kysely<Database>,
  scope: AnalysisScope,
  filter: AnalysisFilter,
): Promise<{ rows: Array<{ id: string; status: string }>; total: number; totalExact: boolean }> {
  const base = filteredAnalyses(db, scope, filter);
  const countLimit = filter.offset + filter.limit + COUNT_AHEAD;
  const [rows, count] = await Promise.all([
    listingPage(db, scope, filter).execute(),
    db
      .selectFrom(base.select('id').limit(countLimit + 1).as('counted'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const counted = Number(count.total);
  return { rows, total: Math.min(counted, countLimit), totalExact: counted <= countLimit };
}

/** The scope's analyses among `ids`, without their rules (in no particular order; ids outside the scope or gone are left out). */
export async function findAnalysesByIds(db: Kysely<Database>, scope: AnalysisScope, ids: readonly string[]): Promise<AnalysisEntry[]> {
  if (ids.length === 0) return [];
  // By primary key alone, the scope checked here: with the scope in the query, SQLite chose the listing
  // index and walked the tenant's whole history (42–96 ms at 100,000 analyses, 0.25 ms by key).
  const rows = await db.selectFrom('analyses').selectAll().where('id', 'in', ids).execute();
  return rows.filter((row) => row.tenant_id === scope.tenantId && row.livemode === (scope.livemode ? 1 : 0) && row.created_at >= scope.visibleSince).map((row) => analysisEntry(row));
}

/**
 * Every analysis the filter selects, newest first, read `batchSize` rows at a time by keyset (created_at,
 * id) so an export of any length holds one batch in memory and never skips or repeats a row when new
 * analyses arrive meanwhile.
 */
export async function* streamAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: Omit<AnalysisFilter, 'limit' | 'offset'>, batchSize: number): AsyncGenerator<AnalysisEntry> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let query = filteredAnalyses(db, scope, filter).selectAll();
    if (after) {
      const { createdAt, id } = after;
      query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
    for (const row of rows) yield analysisEntry(row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/** Live analyses of a tenant since an instant: how many and what they cost (docs/api.md last_24h_*). */
export async function liveActivitySince(db: Kysely<Database>, tenantId: string, since: string): Promise<{ count: number; costMicros: number }> {
  const row = await db
    .selectFrom('analyses')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('cost_micros'), eb.lit(0)).as('cost')])
    .where('tenant_id', '=', tenantId)
    .where('livemode', '=', 1)
    .where('status', '=', 'completed')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), costMicros: Number(row.cost) };
}

/**
 * Deletes up to `batch` analyses created before `cutoff` and returns how many went. Small batches keep
 * each write transaction short, so analyses arriving meanwhile never wait long (docs/operations.md). Their webhook
 * events and deliveries go with them (ON DELETE CASCADE).
 */
export async function deleteAnalysesBefore(db: Kysely<Database>, cutoff: string, batch: number): Promise<number> {
  const victims = db.selectFrom('analyses').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(batch);
  const result = await db.deleteFrom('analyses').where('id', 'in', victims).executeTakeFirst();
  return Number(result.numDeletedRows);
}
