import type { Kysely } from 'kysely';
import type { Database, FeedbackTable } from '../schema.js';

export const FEEDBACK_LABELS = ['phishing', 'ham'] as const;
export type FeedbackLabel = (typeof FEEDBACK_LABELS)[number];
export const FEEDBACK_SOURCES = ['api', 'console', 'release', 'self_service', 'report'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

/** A feedback row without its message bytes (listings never read them). */
export interface Feedback {
  id: string;
  tenantId: string;
  analysisId: string;
  label: FeedbackLabel;
  note: string | null;
  source: FeedbackSource;
  actor: string | null;
  verdict: string | null;
  subject: string;
  from: string;
  createdAt: string;
  updatedAt: string;
  messageSize: number | null;
  messageTruncated: boolean;
}

type MetaRow = Omit<FeedbackTable, 'message_raw'>;

const META_COLUMNS = [
  'id',
  'tenant_id',
  'livemode',
  'analysis_id',
  'label',
  'note',
  'source',
  'actor',
  'verdict',
  'subject',
  'from_addr',
  'created_at',
  'updated_at',
  'message_size',
  'message_sha256',
  'message_truncated',
] as const satisfies ReadonlyArray<keyof MetaRow>;

const toFeedback = (row: MetaRow): Feedback => ({
  id: row.id,
  tenantId: row.tenant_id,
  analysisId: row.analysis_id,
  label: row.label as FeedbackLabel,
  note: row.note,
  source: row.source as FeedbackSource,
  actor: row.actor,
  verdict: row.verdict,
  subject: row.subject,
  from: row.from_addr,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  messageSize: row.message_size === null ? null : Number(row.message_size),
  messageTruncated: row.message_truncated === 1,
});

export interface FeedbackScope {
  tenantId: string;
  livemode: boolean;
}

const scoped = (db: Kysely<Database>, scope: FeedbackScope) =>
  db.selectFrom('feedback').where('tenant_id', '=', scope.tenantId).where('livemode', '=', scope.livemode ? 1 : 0);

export async function findFeedbackOfAnalysis(db: Kysely<Database>, scope: FeedbackScope, analysisId: string): Promise<Feedback | undefined> {
  const row = await scoped(db, scope).select(META_COLUMNS).where('analysis_id', '=', analysisId).executeTakeFirst();
  return row && toFeedback(row);
}

export async function findFeedback(db: Kysely<Database>, scope: FeedbackScope, id: string): Promise<Feedback | undefined> {
  const row = await scoped(db, scope).select(META_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toFeedback(row);
}

export async function insertFeedback(db: Kysely<Database>, row: FeedbackTable): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** A new label for an analysis that already had one: the latest human decision is what counts. */
export async function updateFeedback(
  db: Kysely<Database>,
  id: string,
  changes: Pick<FeedbackTable, 'label' | 'note' | 'source' | 'actor' | 'updated_at'> & Partial<Pick<FeedbackTable, 'message_raw' | 'message_size' | 'message_sha256' | 'message_truncated'>>,
): Promise<void> {
  await db.updateTable('feedback').set(changes).where('id', '=', id).execute();
}

export interface FeedbackFilter {
  /** Inclusive lower bound on the last change, ISO instant. */
  from?: string;
  /** Exclusive upper bound on the last change, ISO instant. */
  before?: string;
  label?: FeedbackLabel;
  source?: FeedbackSource;
  /** The engine's verdict of the analysis. */
  verdict?: string;
  analysisId?: string;
  limit: number;
  offset: number;
}

export async function listFeedback(db: Kysely<Database>, scope: FeedbackScope, filter: FeedbackFilter): Promise<{ items: Feedback[]; total: number }> {
  let base = scoped(db, scope);
  if (filter.from) base = base.where('updated_at', '>=', filter.from);
  if (filter.before) base = base.where('updated_at', '<', filter.before);
  if (filter.label) base = base.where('label', '=', filter.label);
  if (filter.source) base = base.where('source', '=', filter.source);
  if (filter.verdict) base = base.where('verdict', '=', filter.verdict);
  if (filter.analysisId) base = base.where('analysis_id', '=', filter.analysisId);
  const [rows, count] = await Promise.all([
    base.select(META_COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toFeedback), total: Number(count.total) };
}

/** Retention: deletes up to `limit` feedback rows last changed before `cutoff`; returns how many. */
export async function deleteFeedbackBefore(db: Kysely<Database>, cutoff: string, limit: number): Promise<number> {
  const victims = db.selectFrom('feedback').select('id').where('updated_at', '<', cutoff).orderBy('updated_at').limit(limit);
  const result = await db.deleteFrom('feedback').where('id', 'in', victims).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A labelled message kept with feedback, for export and tenant training. */
export interface LabelledMessageRow {
  id: string;
  tenant_id: string;
  analysis_id: string;
  label: string;
  source: string;
  verdict: string | null;
  updated_at: string;
  message_sha256: string;
  message_truncated: number;
  message_raw: Buffer;
}

/**
 * The live-mode feedback rows that kept their message, newest change first, `batch` rows (and so at most
 * `batch` messages) in memory at a time; `tenantId` null: every tenant.
 */
export async function* labelledMessages(db: Kysely<Database>, tenantId: string | null, batch = 100): AsyncGenerator<LabelledMessageRow> {
  let after: { updated_at: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('feedback')
      .select(['id', 'tenant_id', 'analysis_id', 'label', 'source', 'verdict', 'updated_at', 'message_sha256', 'message_truncated', 'message_raw'])
      .where('livemode', '=', 1)
      .where('message_raw', 'is not', null)
      .where('message_sha256', 'is not', null);
    if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
    if (after) {
      const { updated_at, id } = after;
      query = query.where((eb) => eb.or([eb('updated_at', '<', updated_at), eb.and([eb('updated_at', '=', updated_at), eb('id', '<', id)])]));
    }
    const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(batch).execute();
    for (const row of rows) yield { ...row, message_sha256: row.message_sha256!, message_raw: Buffer.from(row.message_raw!) };
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { updated_at: last.updated_at, id: last.id };
  }
}
