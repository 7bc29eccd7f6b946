import { type Kysely, type Migration } from 'kysely';

/**
 * Frozen in time: never edit a migration that has shipped; add a new one. Types are chosen to mean the
 * same thing on SQLite and PostgreSQL (text, integer, bigint, double precision).
 */
export const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('plans')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('monthly_price_eur', 'double precision')
      .addColumn('included_quota', 'integer')
      .addColumn('surplus_micros', 'bigint')
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .execute();

    // The plans and their prices (docs/api.md, "Plans, quota, rate limits, test keys").
    await db
      .insertInto('plans')
      .values([
        { code: 'discovery', name: 'Discovery', monthly_price_eur: 0, included_quota: 100, surplus_micros: null, sort_order: 1 },
        { code: 'starter', name: 'Starter', monthly_price_eur: 9, included_quota: 1000, surplus_micros: 10_000, sort_order: 2 },
        { code: 'growth', name: 'Growth', monthly_price_eur: 29, included_quota: 5000, surplus_micros: 8_000, sort_order: 3 },
        { code: 'scale', name: 'Scale', monthly_price_eur: 99, included_quota: 25000, surplus_micros: 5_000, sort_order: 4 },
        { code: 'enterprise', name: 'Enterprise', monthly_price_eur: null, included_quota: null, surplus_micros: null, sort_order: 5 },
      ])
      .execute();

    await db.schema
      .createTable('tenants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('plan_code', 'text', (c) => c.notNull().references('plans.code'))
      .addColumn('hard_limit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quota_limit', 'integer')
      .addColumn('rate_per_second', 'double precision')
      .addColumn('rate_burst', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_tenant').on('api_keys').columns(['tenant_id', 'mode']).execute();

    await db.schema
      .createTable('analyses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('verdict', 'text')
      .addColumn('score', 'double precision')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('from_addr', 'text', (c) => c.notNull())
      .addColumn('to_addr', 'text', (c) => c.notNull())
      .addColumn('result_json', 'text')
      .addColumn('cost_micros', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('api_key_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();
    await db.schema.createIndex('analyses_tenant_created').on('analyses').columns(['tenant_id', 'livemode', 'created_at']).execute();
    await db.schema.createIndex('analyses_created').on('analyses').column('created_at').execute();

    await db.schema
      .createTable('usage_counters')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_counters_pk', ['tenant_id', 'period'])
      .execute();

    await db.schema
      .createTable('list_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addUniqueConstraint('list_entries_unique', ['tenant_id', 'livemode', 'list', 'type', 'value'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['list_entries', 'usage_counters', 'analyses', 'api_keys', 'tenants', 'plans']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
