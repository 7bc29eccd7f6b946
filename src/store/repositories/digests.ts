import type { Kysely } from 'kysely';
import type { Database, DigestPreferencesTable, DigestStateTable } from '../schema.js';

export type DigestKind = 'recipient' | 'admin';

export interface DigestPreference {
  recipient: string;
  frequency: string;
  hour: number | null;
  weekday: number | null;
  timeZone: string | null;
  createdAt: string;
  updatedAt: string;
}

const toPreference = (row: DigestPreferencesTable): DigestPreference => ({
  recipient: row.recipient,
  frequency: row.frequency,
  hour: row.hour,
  weekday: row.weekday,
  timeZone: row.time_zone,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function upsertPreference(db: Kysely<Database>, row: DigestPreferencesTable): Promise<void> {
  await db
    .insertInto('digest_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'recipient']).doUpdateSet({ frequency: row.frequency, hour: row.hour, weekday: row.weekday, time_zone: row.time_zone, updated_at: row.updated_at }),
    )
    .execute();
}

export async function findPreference(db: Kysely<Database>, tenantId: string, recipient: string): Promise<DigestPreference | undefined> {
  const row = await db.selectFrom('digest_preferences').selectAll().where('tenant_id', '=', tenantId).where('recipient', '=', recipient).executeTakeFirst();
  return row && toPreference(row);
}

export async function deletePreference(db: Kysely<Database>, tenantId: string, recipient: string): Promise<boolean> {
  const result = await db.deleteFrom('digest_preferences').where('tenant_id', '=', tenantId).where('recipient', '=', recipient).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listPreferences(db: Kysely<Database>, tenantId: string, page: { limit: number; offset: number }): Promise<{ items: DigestPreference[]; total: number }> {
  const base = db.selectFrom('digest_preferences').where('tenant_id', '=', tenantId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('recipient').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPreference), total: Number(count.total) };
}

/** Every preference of a tenant (one small row per person who chose), for one digest run. */
export async function preferencesOf(db: Kysely<Database>, tenantId: string): Promise<Map<string, DigestPreference>> {
  const rows = await db.selectFrom('digest_preferences').selectAll().where('tenant_id', '=', tenantId).execute();
  return new Map(rows.map((row) => [row.recipient, toPreference(row)]));
}

/** How far each digest of a tenant got, keyed `recipient:<address>` and `admin:`. */
export async function statesOf(db: Kysely<Database>, tenantId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('digest_state').select(['kind', 'recipient', 'covered_until']).where('tenant_id', '=', tenantId).execute();
  return new Map(rows.map((row) => [`${row.kind}:${row.recipient}`, row.covered_until]));
}

export async function recordCovered(db: Kysely<Database>, row: DigestStateTable): Promise<void> {
  const sent = row.last_sent_at === null ? {} : { last_sent_at: row.last_sent_at, last_count: row.last_count };
  await db
    .insertInto('digest_state')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'kind', 'recipient']).doUpdateSet({ covered_until: row.covered_until, ...sent }))
    .execute();
}

/** Tenants that have quarantined mail not yet released (only they can owe a digest). */
export async function tenantsWithHeldMail(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('quarantined_messages').select('tenant_id').distinct().where('released_at', 'is', null).where('livemode', '=', 1).execute();
  return rows.map((r) => r.tenant_id);
}

export interface HeldItem {
  id: string;
  verdict: string;
  reasons: string;
  mail_from: string;
  from_addr: string;
  rcpt_to: string;
  subject: string;
  created_at: string;
}

/**
 * A tenant's live quarantined messages not released and created in (after, until], oldest first, read
 * `batchSize` at a time by keyset (metadata only, never the bytes).
 */
export async function* heldMessages(db: Kysely<Database>, tenantId: string, after: string | null, until: string, batchSize = 500): AsyncGenerator<HeldItem> {
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('quarantined_messages')
      .select(['id', 'verdict', 'reasons', 'mail_from', 'from_addr', 'rcpt_to', 'subject', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('livemode', '=', 1)
      .where('released_at', 'is', null)
      .where('created_at', '<=', until);
    if (after) query = query.where('created_at', '>', after);
    if (cursor) {
      const { createdAt, id } = cursor;
      query = query.where((eb) => eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]));
    }
    const rows = await query.orderBy('created_at').orderBy('id').limit(batchSize).execute();
    yield* rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}
