import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Per-recipient allow and block entries (docs/recipients.md): `recipient` is '' for a tenant-wide entry
 * or one address of the tenant, and the uniqueness of an entry now includes it (the same sender may be
 * allowed by two recipients). PostgreSQL alters the constraint in place; SQLite cannot drop a table
 * constraint, so the table is rebuilt with its rows and its index. Frozen once shipped.
 */
export const recipientListEntries: Migration = {
  async up(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`alter table list_entries add column recipient text not null default ''`.execute(db);
      await sql`alter table list_entries drop constraint list_entries_unique`.execute(db);
      await sql`alter table list_entries add constraint list_entries_unique unique (tenant_id, livemode, list, recipient, type, value)`.execute(db);
      await db.schema.createIndex('list_entries_recipient').on('list_entries').columns(['tenant_id', 'livemode', 'recipient']).execute();
      return;
    }
    // A rebuild interrupted before the rename leaves list_entries whole; start it again.
    await sql`drop table if exists list_entries_rebuild`.execute(db);
    await db.schema
      .createTable('list_entries_rebuild')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('list_entries_unique', ['tenant_id', 'livemode', 'list', 'recipient', 'type', 'value'])
      .execute();
    await sql`insert into list_entries_rebuild (id, tenant_id, livemode, list, type, value, note, created_at, expires_at, recipient)
      select id, tenant_id, livemode, list, type, value, note, created_at, expires_at, '' from list_entries`.execute(db);
    await sql`drop table list_entries`.execute(db);
    await sql`alter table list_entries_rebuild rename to list_entries`.execute(db);
    await db.schema.createIndex('list_entries_expires').on('list_entries').column('expires_at').execute();
    await db.schema.createIndex('list_entries_recipient').on('list_entries').columns(['tenant_id', 'livemode', 'recipient']).execute();
  },
  async down() {
    throw new Error('per-recipient list entries cannot be folded back into tenant-wide ones');
  },
};
