import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * Feedback on analyses (docs/recipients.md): one row per analysis holding the latest human label
 * ("phishing" or "ham"), who gave it and through what (API, console, release, self-service link, user
 * report), and, when phishgate had it, the message itself (bounded) for tenant training. The message
 * bytes are the last column so listings, which never select them, do not read them. Frozen once
 * shipped: add a migration instead.
 */
export const feedback: Migration = {
  async up(db: Kysely<any>) {
    const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('feedback')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      // No foreign key: analyses go after retention.analyses_days, feedback after feedback.retention_days.
      .addColumn('analysis_id', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      // api | console | release | self_service | report
      .addColumn('source', 'text', (c) => c.notNull())
      // API key id, console user, recipient or reporter address.
      .addColumn('actor', 'text')
      // The engine's verdict of the analysis, copied so the row outlives the analysis.
      .addColumn('verdict', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('from_addr', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('message_size', 'bigint')
      // SHA-256 of the stored bytes: training counts a message once however often it was labelled.
      .addColumn('message_sha256', 'text')
      .addColumn('message_truncated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('message_raw', binary)
      .addUniqueConstraint('feedback_analysis', ['tenant_id', 'livemode', 'analysis_id'])
      .execute();
    await db.schema.createIndex('feedback_tenant_updated').on('feedback').columns(['tenant_id', 'livemode', 'updated_at']).execute();
    await db.schema.createIndex('feedback_updated').on('feedback').column('updated_at').execute();
    // Feedback on a quarantined message finds its bytes by analysis id.
    await db.schema.createIndex('quarantined_analysis').on('quarantined_messages').column('analysis_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('quarantined_analysis').execute();
    await db.schema.dropTable('feedback').execute();
  },
};
