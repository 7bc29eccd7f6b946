import { sql, type Kysely } from 'kysely';
import { likeLiteral } from './analysis-search.js';
import type { Verdict } from '../../core/analysis.js';
import type { Database, QuarantinedMessagesTable } from '../schema.js';

/** A quarantined message's metadata (docs/gateway.md); the bytes are read separately. */
export interface QuarantineEntry {
  id: string;
  tenantId: string;
  source: 'smtp' | 'milter';
  analysisId: string;
  verdict: Verdict;
  score: number;
  reasons: string[];
  mailFrom: string;
  rcptTo: string[];
  subject: string;
  from: string;
  clientAddress: string | null;
  clientHelo: string | null;
  queueId: string | null;
  size: number;
  addHeaders: Array<{ name: string; value: string }>;
  newSubject: string | null;
  createdAt: string;
  releasedAt: string | null;
  releasedBy: string | null;
  releaseReply: string | null;
}

/** A message to hold: its entry, the mode it belongs to and its bytes exactly as received. */
export interface NewQuarantined extends QuarantineEntry {
  livemode: boolean;
  raw: Buffer;
}
type MetaRow = Omit<QuarantinedMessagesTable, 'raw'>;

const META_COLUMNS = [
  'id',
  'tenant_id',
  'livemode',
  'source',
  'analysis_id',
  'verdict',
  'score',
  'reasons',
  'mail_from',
  'rcpt_to',
  'subject',
  'from_addr',
  'client_address',
  'client_helo',
  'queue_id',
  'size',
  'add_headers',
  'new_subject',
  'created_at',
  'released_at',
  'released_by',
  'release_reply',
] as const satisfies ReadonlyArray<keyof MetaRow>;

const toEntry = (row: MetaRow): QuarantineEntry => ({
  id: row.id,
  tenantId: row.tenant_id,
  source: row.source as QuarantineEntry['source'],
  analysisId: row.analysis_id,
  verdict: row.verdict as Verdict,
  score: Number(row.score),
  reasons: JSON.parse(row.reasons) as string[],
  mailFrom: row.mail_from,
  rcptTo: JSON.parse(row.rcpt_to) as string[],
  subject: row.subject,
  from: row.from_addr,
  clientAddress: row.client_address,
  clientHelo: row.client_helo,
  queueId: row.queue_id,
  size: Number(row.size),
  addHeaders: JSON.parse(row.add_headers) as QuarantineEntry['addHeaders'],
  newSubject: row.new_subject,
  createdAt: row.created_at,
  releasedAt: row.released_at,
  releasedBy: row.released_by,
  releaseReply: row.release_reply,
});

export interface QuarantineScope {
  tenantId: string;
  livemode: boolean;
}

const scoped = (db: Kysely<Database>, scope: QuarantineScope) =>
  db.selectFrom('quarantined_messages').where('tenant_id', '=', scope.tenantId).where('livemode', '=', scope.livemode ? 1 : 0);

const toRow = (held: NewQuarantined): QuarantinedMessagesTable => ({
  id: held.id,
  tenant_id: held.tenantId,
  livemode: held.livemode ? 1 : 0,
  source: held.source,
  analysis_id: held.analysisId,
  verdict: held.verdict,
  score: held.score,
  reasons: JSON.stringify(held.reasons),
  mail_from: held.mailFrom,
  rcpt_to: JSON.stringify(held.rcptTo),
  subject: held.subject,
  from_addr: held.from,
  client_address: held.clientAddress,
  client_helo: held.clientHelo,
  queue_id: held.queueId,
  size: held.size,
  add_headers: JSON.stringify(held.addHeaders),
  new_subject: held.newSubject,
  created_at: held.createdAt,
  released_at: held.releasedAt,
  released_by: held.releasedBy,
  release_reply: held.releaseReply,
  raw: held.raw,
});

export async function insertQuarantined(db: Kysely<Database>, held: NewQuarantined[]): Promise<void> {
  if (held.length) await db.insertInto('quarantined_messages').values(held.map(toRow)).execute();
}

/** Subject and From as the analysis stored them (decoded by the parser), for listings. */
export async function analysisSummary(db: Kysely<Database>, analysisId: string): Promise<{ subject: string; from: string } | undefined> {
  const row = await db.selectFrom('analyses').select(['subject', 'from_addr']).where('id', '=', analysisId).executeTakeFirst();
  return row && { subject: row.subject, from: row.from_addr };
}

export async function findQuarantined(db: Kysely<Database>, scope: QuarantineScope, id: string): Promise<QuarantineEntry | undefined> {
  const row = await scoped(db, scope).select(META_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

export async function readQuarantinedBytes(db: Kysely<Database>, scope: QuarantineScope, id: string): Promise<Buffer | undefined> {
  const row = await scoped(db, scope).select('raw').where('id', '=', id).executeTakeFirst();
  return row && Buffer.from(row.raw);
}

export interface QuarantineFilter {
  /** Inclusive lower bound, ISO instant. */
  from?: string;
  /** Exclusive upper bound, ISO instant. */
  before?: string;
  verdict?: string;
  source?: string;
  released?: boolean;
  /** Case-insensitive text that the subject, the From header or the envelope sender contains (console search). */
  search?: string;
  limit: number;
  offset: number;
}

export async function listQuarantined(db: Kysely<Database>, scope: QuarantineScope, filter: QuarantineFilter): Promise<{ entries: QuarantineEntry[]; total: number }> {
  let base = scoped(db, scope);
  if (filter.from) base = base.where('created_at', '>=', filter.from);
  if (filter.before) base = base.where('created_at', '<', filter.before);
  if (filter.verdict) base = base.where('verdict', '=', filter.verdict);
  if (filter.source) base = base.where('source', '=', filter.source);
  if (filter.released !== undefined) base = base.where('released_at', filter.released ? 'is not' : 'is', null);
  if (filter.search) {
    const pattern = `%${likeLiteral(filter.search.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(subject) like ${pattern} escape '\\'`,
        sql<boolean>`lower(from_addr) like ${pattern} escape '\\'`,
        sql<boolean>`lower(mail_from) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base.select(META_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toEntry), total: Number(count.total) };
}

export async function deleteQuarantined(db: Kysely<Database>, scope: QuarantineScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('quarantined_messages')
    .where('id', '=', id)
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks the message released if nobody did before: the guarded UPDATE is what makes a release happen
 * once even when two requests race (only one sees a row change).
 */
export async function claimRelease(db: Kysely<Database>, scope: QuarantineScope, id: string, at: string, by: string | null): Promise<boolean> {
  const result = await db
    .updateTable('quarantined_messages')
    .set({ released_at: at, released_by: by })
    .where('id', '=', id)
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The next hop did not take the released message: make it releasable again (only this claim's mark). */
export async function undoRelease(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('quarantined_messages').set({ released_at: null, released_by: null }).where('id', '=', id).where('released_at', '=', at).execute();
}

export async function recordReleaseReply(db: Kysely<Database>, id: string, reply: string): Promise<void> {
  await db.updateTable('quarantined_messages').set({ release_reply: reply }).where('id', '=', id).execute();
}

/** Retention (docs/operations.md): deletes up to `limit` entries created before `cutoff`, oldest first; returns how many. */
export async function deleteQuarantinedBefore(db: Kysely<Database>, cutoff: string, limit: number): Promise<number> {
  const ids = await db.selectFrom('quarantined_messages').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(limit).execute();
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('quarantined_messages').where('id', 'in', ids.map((r) => r.id)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Messages still held (not released) and their bytes, over all tenants: the size shown in /metrics. */
export async function quarantineTotals(db: Kysely<Database>): Promise<{ messages: number; bytes: number }> {
  const row = await db
    .selectFrom('quarantined_messages')
    .select((eb) => [eb.fn.countAll<number>().as('messages'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')])
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { messages: Number(row.messages), bytes: Number(row.bytes) };
}

/** The quarantined share of a tenant that an analysis belongs to, with its bytes (feedback keeps the message). */
export async function findQuarantinedByAnalysis(db: Kysely<Database>, scope: QuarantineScope, analysisId: string): Promise<{ entry: QuarantineEntry; raw: Buffer } | undefined> {
  const row = await scoped(db, scope).select([...META_COLUMNS, 'raw']).where('analysis_id', '=', analysisId).executeTakeFirst();
  return row && { entry: toEntry(row), raw: Buffer.from(row.raw) };
}
