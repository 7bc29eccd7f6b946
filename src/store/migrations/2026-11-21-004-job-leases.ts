import type { Kysely, Migration } from 'kysely';

/** A lease row per background job, so two processes never run the same job at once (docs/operations.md). */
export const jobLeases: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('list_entries_expires').on('list_entries').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('list_entries_expires').execute();
    await db.schema.dropTable('job_leases').execute();
  },
};
