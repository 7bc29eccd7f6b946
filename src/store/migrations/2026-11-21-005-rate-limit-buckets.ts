import type { Kysely, Migration } from 'kysely';

/** Token buckets shared by every process on one database (docs/operations.md). */
export const rateLimitBuckets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limit_buckets')
      .addColumn('bucket_key', 'text', (c) => c.primaryKey())
      .addColumn('tokens', 'double precision', (c) => c.notNull())
      .addColumn('updated_ms', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('rate_limit_buckets').execute();
  },
};
