import type { Kysely, Migration } from 'kysely';

/**
 * The tenant's own sender history (docs/reputation.md "Sender history"): one small row per tenant, mode and
 * sending registrable domain, updated with each recorded analysis and moved by feedback and releases, so a
 * rule reads one row instead of scanning history at analysis time. Frozen once shipped: add a migration instead.
 */
export const senderHistory: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sender_history')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'text', (c) => c.notNull())
      .addColumn('messages', 'integer', (c) => c.notNull())
      // The engine's verdict was safe.
      .addColumn('judged_safe', 'integer', (c) => c.notNull())
      // Released from quarantine as not phishing (feedback "ham" from a release).
      .addColumn('released', 'integer', (c) => c.notNull())
      // Labelled phishing by a person (API, console, self-service, user report).
      .addColumn('reported', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sender_history_pk', ['tenant_id', 'livemode', 'domain'])
      .execute();
    // Retention removes domains not seen within the analyses' period.
    await db.schema.createIndex('sender_history_last_seen').on('sender_history').column('last_seen').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sender_history').execute();
  },
};
