import type { Kysely, Migration } from 'kysely';

/**
 * Retries that must not be analysed or delivered twice (docs/security.md "Faults and retries"), kept in
 * the store so that they hold across a restart and across processes sharing one database.
 *
 * `idempotency_keys`: the analysis made for a retry key (a message through a mail door, or the REST API's
 * `Idempotency-Key`) of one tenant and mode. The primary key makes the key unique per tenant and mode, and
 * the row is written in the transaction that stores the analysis: of two processes analysing one key at
 * the same time, one commits and the other's transaction fails on the key and answers with the first's
 * analysis. `key_hash` is the SHA-256 of the key (a mail key names every recipient and can be long).
 *
 * `delivered_copies`: the per-tenant copies of a message the SMTP door already handed on
 * (docs/smtp-filter.md "Several tenants in one message"), with the reply it got, so Postfix's retry of
 * the whole message sends only the copies still missing.
 *
 * Both are purged by the retention job after `retention.idempotency_hours`. Frozen once shipped: add a
 * migration instead.
 */
export const retries: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull())
      // SHA-256 of what the key was first used with: the same key with another request is refused.
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      // No foreign key: analyses go after retention.analyses_days, keys after retention.idempotency_hours.
      .addColumn('analysis_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['tenant_id', 'livemode', 'key_hash'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    await db.schema
      .createTable('delivered_copies')
      // SHA-256 of the message's bytes, envelope sender and the copy's recipients.
      .addColumn('copy_key', 'text', (c) => c.primaryKey())
      // The part of the 250 reply that copy got ("relayed to 2: 250 …", "quarantined by phishgate as …").
      .addColumn('reply', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('delivered_copies_created').on('delivered_copies').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('delivered_copies').execute();
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
