import type { Kysely } from 'kysely';
import { fixedQuery } from '../fixed-query.js';
import type { ListEntry, ListEntryType, ListName } from '../../core/domain.js';
import type { Database, ListEntriesTable } from '../schema.js';

const toEntry = (row: ListEntriesTable): ListEntry => ({
  id: row.id,
  type: row.type as ListEntryType,
  value: row.value,
  note: row.note,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  recipient: row.recipient === '' ? null : row.recipient,
});

export interface ListScope {
  tenantId: string;
  livemode: boolean;
  list: ListName;
}

const scoped = (db: Kysely<Database>, scope: ListScope) =>
  db
    .selectFrom('list_entries')
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('list', '=', scope.list);

/** Entries in force at `now`: expired ones no longer apply and are not listed. */
const active = (db: Kysely<Database>, scope: ListScope, now: string) =>
  scoped(db, scope).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));

export async function findEntryByValue(db: Kysely<Database>, scope: ListScope, type: ListEntryType, value: string, recipient: string | null = null): Promise<ListEntry | undefined> {
  const row = await scoped(db, scope).selectAll().where('type', '=', type).where('value', '=', value).where('recipient', '=', recipient ?? '').executeTakeFirst();
  return row && toEntry(row);
}

export async function insertEntry(db: Kysely<Database>, scope: ListScope, entry: ListEntry): Promise<void> {
  await db
    .insertInto('list_entries')
    .values({
      id: entry.id,
      tenant_id: scope.tenantId,
      livemode: scope.livemode ? 1 : 0,
      list: scope.list,
      type: entry.type,
      value: entry.value,
      note: entry.note,
      created_at: entry.createdAt,
      expires_at: entry.expiresAt,
      recipient: entry.recipient ?? '',
    })
    .execute();
}

export async function deleteEntry(db: Kysely<Database>, scope: ListScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('list_entries')
    .where('id', '=', id)
    .where('tenant_id', '=', scope.tenantId)
    .where('livemode', '=', scope.livemode ? 1 : 0)
    .where('list', '=', scope.list)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which entries a listing shows: all, the tenant-wide ones, every recipient's, or one recipient's. */
export interface EntryFilter {
  scope?: 'tenant' | 'recipients';
  recipient?: string;
}

export async function listActiveEntries(
  db: Kysely<Database>,
  scope: ListScope,
  now: string,
  page?: { limit: number; offset: number },
  filter: EntryFilter = {},
): Promise<{ entries: ListEntry[]; total: number }> {
  let base = active(db, scope, now);
  if (filter.recipient !== undefined) base = base.where('recipient', '=', filter.recipient);
  else if (filter.scope) base = base.where('recipient', filter.scope === 'tenant' ? '=' : '<>', '');
  let query = base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [rows, count] = await Promise.all([
    query.execute(),
    page ? base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow() : Promise.resolve(null),
  ]);
  return { entries: rows.map(toEntry), total: count ? Number(count.total) : rows.length };
}

/** Removes up to `batch` entries whose expiry has passed (retention job). */
export async function deleteExpiredEntries(db: Kysely<Database>, now: string, batch: number): Promise<number> {
  const victims = db.selectFrom('list_entries').select('id').where('expires_at', 'is not', null).where('expires_at', '<=', now).limit(batch);
  const result = await db.deleteFrom('list_entries').where('id', 'in', victims).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const activeEntries = (db: Kysely<Database>, p: { tenantId: string; livemode: number; now: string }, recipients: readonly string[]) =>
  db
    .selectFrom('list_entries')
    .selectAll()
    .where('tenant_id', '=', p.tenantId)
    .where('livemode', '=', p.livemode)
    .where('recipient', 'in', recipients)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', p.now)]));

/** Up to this many recipients, the query of each count is compiled once (store/fixed-query.ts); it runs for every analysis. */
const FIXED_RECIPIENTS = 8;
const byCount = new Map<number, ReturnType<typeof fixedEntries>>();
const fixedEntries = (count: number) => {
  const names = Array.from({ length: count }, (_, i) => `r${i}`);
  return fixedQuery(['tenantId', 'livemode', 'now', ...names], (db, p) =>
    activeEntries(db, { tenantId: p.tenantId!, livemode: p.livemode!, now: p.now! }, ['', ...names.map((n) => p[n]!)]),
  );
};
const activeEntriesFor = (count: number) => {
  let query = byCount.get(count);
  if (!query) byCount.set(count, (query = fixedEntries(count)));
  return query;
};

/**
 * Both lists of a tenant's namespace in force at `now`, in one query (the engine needs them per analysis):
 * the tenant-wide entries and those of the given recipients.
 */
export async function listActiveEntriesOfBothLists(
  db: Kysely<Database>,
  scope: { tenantId: string; livemode: boolean },
  now: string,
  recipients: readonly string[] = [],
): Promise<Record<ListName, ListEntry[]>> {
  const livemode = scope.livemode ? 1 : 0;
  const rows =
    recipients.length <= FIXED_RECIPIENTS
      ? (await activeEntriesFor(recipients.length)(db, { tenantId: scope.tenantId, livemode, now, ...Object.fromEntries(recipients.map((r, i) => [`r${i}`, r])) })).rows
      : await activeEntries(db, { tenantId: scope.tenantId, livemode, now }, ['', ...recipients]).execute();
  const lists: Record<ListName, ListEntry[]> = { allow: [], block: [] };
  for (const row of rows) lists[row.list as ListName].push(toEntry(row));
  return lists;
}
