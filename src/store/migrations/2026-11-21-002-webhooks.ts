import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Webhook endpoints, the transactional outbox (events → deliveries → attempts) and the queue of
 * asynchronous analyses (docs/api.md, docs/operations.md). Frozen once shipped: add a migration instead.
 *
 * Retention (docs/operations.md) deletes analyses "together with their deliveries and events": every row here
 * hangs off an analysis through ON DELETE CASCADE (analysis → event → delivery → attempt; analysis →
 * job), so deleting the analysis row is enough on both dialects (SQLite runs with foreign_keys = ON).
 */
export const webhooks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('livemode', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      // Comma-separated event types.
      .addColumn('events', 'text', (c) => c.notNull())
      // An HMAC key must be readable to sign, so it cannot be hashed; never returned by the API, never logged.
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_tenant').on('webhooks').columns(['tenant_id', 'livemode']).execute();

    // One row per (analysis, event type) that had at least one subscriber; `payload` is the exact body
    // sent (and signed) on every attempt, so a retry is byte-for-byte the same event.
    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('analysis_id', 'text', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_events_analysis').on('webhook_events').column('analysis_id').execute();

    // One row per (event, endpoint). `locked_until`/`lock_token` are the lease of the worker that claimed
    // it: a crashed worker's claims come back when the lease runs out, and only the holder may settle it.
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
      // Index into the retry schedule used after the next failure; past its end, a failure is final.
      .addColumn('retry_step', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('lock_token', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();
    // Partial indexes stay as small as the backlog: finished deliveries leave them.
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['next_attempt_at'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint_due')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'next_attempt_at'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
    await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('succeeded', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('response_excerpt', 'text')
      .execute();
    await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'attempt']).execute();

    // Asynchronous analyses waiting to run: the normalised message is kept only until the analysis
    // completes (then the row is deleted), so a restart resumes them and no body outlives its job.
    await db.schema
      .createTable('analysis_jobs')
      .addColumn('analysis_id', 'text', (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
      .addColumn('message_json', 'text', (c) => c.notNull())
      .addColumn('charge_quota', 'integer', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('lock_token', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analysis_jobs_created').on('analysis_jobs').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['analysis_jobs', 'webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhooks']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
