import type { Kysely, Migration } from 'kysely';

/**
 * The audit log records actions taken through the REST API and the command line as well as the console
 * (docs/console.md, "Audit log"): `via` says which. Rows written before this migration all came from the
 * console, hence the default. Frozen once shipped: add a migration instead.
 */
export const auditVia: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('console_audit').addColumn('via', 'text', (c) => c.notNull().defaultTo('console')).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('console_audit').dropColumn('via').execute();
  },
};
