import type { Kysely, Migration } from 'kysely';

/**
 * Quarantine digests (docs/recipients.md): each recipient's own choice of frequency, and how far each
 * digest has got (the newest quarantine instant it covered), so every held message is reported once.
 * Frozen once shipped: add a migration instead.
 */
export const digests: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('digest_preferences')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('recipient', 'text', (c) => c.notNull())
      // never | hourly | daily | weekly
      .addColumn('frequency', 'text', (c) => c.notNull())
      // null: the tenant's setting.
      .addColumn('hour', 'integer')
      .addColumn('weekday', 'integer')
      .addColumn('time_zone', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('digest_preferences_pk', ['tenant_id', 'recipient'])
      .execute();
    await db.schema
      .createTable('digest_state')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      // recipient | admin
      .addColumn('kind', 'text', (c) => c.notNull())
      // The recipient's address; '' for the tenant's admin digest.
      .addColumn('recipient', 'text', (c) => c.notNull())
      // Quarantined messages created up to this instant have been reported (or were not due).
      .addColumn('covered_until', 'text', (c) => c.notNull())
      .addColumn('last_sent_at', 'text')
      .addColumn('last_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('digest_state_pk', ['tenant_id', 'kind', 'recipient'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('digest_state').execute();
    await db.schema.dropTable('digest_preferences').execute();
  },
};
