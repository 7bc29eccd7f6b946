import type { Kysely, Migration } from 'kysely';

/**
 * The admin console (docs/console.md): server-side sessions opened by signing in with an API key, and
 * the audit log of what people did through the console, and the rules that fired kept with each
 * analysis (the console shows them with their weights and searches by them). Portable types only (text, integer), so the
 * same code creates both tables on SQLite and PostgreSQL. Frozen once shipped: add a migration instead.
 */
export const consoleTables: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('console_sessions')
      // SHA-256 of the cookie's token: a copy of the database does not hand out live sessions.
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Revoking or deleting the key ends its sessions (checked on every request, and by cascade).
      .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('operator', 'integer', (c) => c.notNull())
      // What the session is looking at: the key's tenant and mode, or (operators) any tenant and mode.
      .addColumn('view_tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('view_livemode', 'integer', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('console_sessions_expires').on('console_sessions').column('expires_at').execute();

    await db.schema
      .createTable('console_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      // The signing API key (id and name at the time), not a foreign key: the log outlives revoked keys.
      .addColumn('actor_key_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('operator', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      // Short JSON object: subject, sender, list value, outcome; never message bodies or secrets.
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('analyses').addColumn('rules_json', 'text').execute();
    await db.schema.createIndex('console_audit_tenant_created').on('console_audit').columns(['tenant_id', 'livemode', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('analyses').dropColumn('rules_json').execute();
    await db.schema.dropTable('console_audit').execute();
    await db.schema.dropTable('console_sessions').execute();
  },
};
