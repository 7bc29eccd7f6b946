import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * Quarantined messages (docs/gateway.md), one row per tenant of a quarantined message, holding that
 * tenant's recipients only. Frozen once shipped: add a migration instead.
 *
 * The message bytes are a binary column (`blob` on SQLite, `bytea` on PostgreSQL; both bind and
 * return a Node Buffer), not base64 text: a quarter smaller, no encode/decode, and the bytes come back
 * exactly (docs/smtp-filter.md has the measurements). The column is last so listings, which never
 * select it, do not read it: SQLite keeps a large value in overflow pages, PostgreSQL in TOAST.
 */
export const quarantine: Migration = {
  async up(db: Kysely<any>) {
    const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('quarantined_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      // Always 1 today (mail doors run in live mode); kept so test-mode keys see none of it.
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      // No foreign key: analyses are deleted after 30 days, quarantine after gateway.quarantine_days.
      .addColumn('analysis_id', 'text', (c) => c.notNull())
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('score', 'double precision', (c) => c.notNull())
      // JSON array of this tenant's reasons.
      .addColumn('reasons', 'text', (c) => c.notNull())
      .addColumn('mail_from', 'text', (c) => c.notNull())
      // JSON array of this tenant's envelope recipients (RCPT TO), in envelope order.
      .addColumn('rcpt_to', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('from_addr', 'text', (c) => c.notNull())
      .addColumn('client_address', 'text')
      .addColumn('client_helo', 'text')
      .addColumn('queue_id', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      // What a release writes: JSON [{ name, value }] and the tagged Subject (null = unchanged).
      .addColumn('add_headers', 'text', (c) => c.notNull())
      .addColumn('new_subject', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('released_at', 'text')
      // Id of the API key that released it.
      .addColumn('released_by', 'text')
      .addColumn('release_reply', 'text')
      .addColumn('raw', binary, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quarantined_tenant_created').on('quarantined_messages').columns(['tenant_id', 'livemode', 'created_at']).execute();
    // Retention (docs/operations.md) deletes by age across tenants.
    await db.schema.createIndex('quarantined_created').on('quarantined_messages').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('quarantined_messages').execute();
  },
};
