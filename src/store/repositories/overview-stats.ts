/**
 * Figures for the console's overview (docs/console.md, "Overview"), for one tenant and mode since an
 * instant: analyses per time bucket by verdict and by door, the rules and brands of a bounded sample of
 * recent analyses, the quarantine's size, and failed webhook deliveries. Buckets are prefixes of the
 * ISO timestamps (`YYYY-MM-DDTHH` for hours, `YYYY-MM-DD` for days), the same on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface StatsScope {
  tenantId: string;
  livemode: boolean;
  since: string;
}

export interface BucketCount {
  bucket: string;
  key: string;
  count: number;
}

const analysesOf = (db: Kysely<Database>, s: StatsScope) =>
  db.selectFrom('analyses').where('tenant_id', '=', s.tenantId).where('livemode', '=', s.livemode ? 1 : 0).where('created_at', '>=', s.since);

export async function analysesPerBucket(db: Kysely<Database>, s: StatsScope, bucketChars: 10 | 13, by: 'verdict' | 'source'): Promise<BucketCount[]> {
  const bucket = sql<string>`substr(created_at, 1, ${sql.lit(bucketChars)})`;
  const rows = await analysesOf(db, s)
    .select([bucket.as('bucket'), sql<string>`coalesce(${sql.ref(by)}, 'queued')`.as('key'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy([bucket, sql.ref(by)])
    .orderBy(bucket)
    .execute();
  return rows.map((r) => ({ bucket: r.bucket, key: r.key, count: Number(r.count) }));
}

/** Rules, results, senders and verdicts of the newest `limit` analyses (top rules, brands and sending domains are counted from them). */
export async function recentResults(
  db: Kysely<Database>,
  s: StatsScope,
  limit: number,
): Promise<Array<{ rules: string | null; result: string | null; from: string; verdict: string | null }>> {
  const rows = await analysesOf(db, s).select(['rules_json', 'result_json', 'from_addr', 'verdict']).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({ rules: r.rules_json ?? null, result: r.result_json, from: r.from_addr, verdict: r.verdict ?? null }));
}

/** How many analyses were made since the scope's instant (the overview's live throughput). */
export async function analysesSince(db: Kysely<Database>, s: StatsScope): Promise<number> {
  const row = await analysesOf(db, s).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function heldQuarantine(db: Kysely<Database>, s: Omit<StatsScope, 'since'>): Promise<{ messages: number; bytes: number }> {
  const row = await db
    .selectFrom('quarantined_messages')
    .select((eb) => [eb.fn.countAll<number>().as('messages'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')])
    .where('tenant_id', '=', s.tenantId)
    .where('livemode', '=', s.livemode ? 1 : 0)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { messages: Number(row.messages), bytes: Number(row.bytes) };
}

export async function failedDeliveriesSince(db: Kysely<Database>, s: StatsScope): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.tenant_id', '=', s.tenantId)
    .where('w.livemode', '=', s.livemode ? 1 : 0)
    .where('d.status', '=', 'failed')
    .where('d.created_at', '>=', s.since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
