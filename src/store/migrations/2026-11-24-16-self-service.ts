import type { Kysely, Migration } from 'kysely';

/**
 * One-click links of quarantine digests (docs/recipients.md, "Self-service links"): what a recipient did
 * through a link. The primary key (the link's random id) makes each link work once; the unique
 * (message, recipient) pair makes a recipient act on one message once, whichever of their links they
 * use. Rows go with their quarantined message. Frozen once shipped: add a migration instead.
 */
export const selfService: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('self_service_actions')
      .addColumn('link_id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('quarantine_id', 'text', (c) => c.notNull().references('quarantined_messages.id').onDelete('cascade'))
      .addColumn('recipient', 'text', (c) => c.notNull())
      // release | release_allow | delete
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('acted_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('self_service_actions_once', ['quarantine_id', 'recipient'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('self_service_actions').execute();
  },
};
