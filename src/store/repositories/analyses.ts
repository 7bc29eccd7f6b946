import type { Kysely } from 'kysely';
import type { AnalysesTable, Database } from '../schema.js';

export type AnalysisRow = AnalysesTable;

export async function insertAnalysis(db: Kysely<Database>, row: AnalysisRow): Promise<void> {
  await db.insertInto('analyses').values(row).execute();
}

export interface AnalysisScope {
  tenantId: string;
  livemode: boolean;
  /** Rows created before this instant are no longer visible (docs/api.md: 30-day retention). */
  visibleSince: string;
}

export async function findAnalysis(db: Kysely<Database>, scope: AnalysisScope, id: string): Promise<AnalysisRow | undefined> {
  return db
    .selectFrom('analyses')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('created_at', '>=', scope.visibleSince)
    .executeTakeFirst();
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

/** The tenant's analyses the filter selects (pagination aside): one place for listing and export. */
function filteredAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: Omit<AnalysisFilter, 'limit' | 'offset'>) {
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

export async function listAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: AnalysisFilter): Promise<{ rows: AnalysisRow[]; total: number }> {
  const base = filteredAnalyses(db, scope, filter);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * One page of the listing without the stored results: id and status of each row, newest first, and the
 * total. The caller fetches the rows it has no serialized copy of with `findAnalysesByIds`.
 */
export async function listAnalysisIds(db: Kysely<Database>, scope: AnalysisScope, filter: AnalysisFilter): Promise<{ rows: Array<{ id: string; status: string }>; total: number }> {
  const base = filteredAnalyses(db, scope, filter);
  const [rows, count] = await Promise.all([
    base.select(['id', 'status']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The scope's analyses among `ids` (in no particular order; ids outside the scope or gone are left out). */
export async function findAnalysesByIds(db: Kysely<Database>, scope: AnalysisScope, ids: readonly string[]): Promise<AnalysisRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('analyses')
    .selectAll()
    .where('id', 'in', ids)
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('created_at', '>=', scope.visibleSince)
    .execute();
}

/**
 * Every analysis the filter selects, newest first, read `batchSize` rows at a time by keyset (created_at,
 * id) so an export of any length holds one batch in memory and never skips or repeats a row when new
 * analyses arrive meanwhile.
 */
export async function* streamAnalyses(db: Kysely<Database>, scope: AnalysisScope, filter: Omit<AnalysisFilter, 'limit' | 'offset'>, batchSize: number): AsyncGenerator<AnalysisRow> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let query = filteredAnalyses(db, scope, filter).selectAll();
    if (after) {
      const { createdAt, id } = after;
      query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
    yield* rows;
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
