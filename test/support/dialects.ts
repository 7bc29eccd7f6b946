import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

const PG_URL = process.env.PHISHGATE_TEST_PG_URL;

/** SQLite always; PostgreSQL too when PHISHGATE_TEST_PG_URL names a server (CI sets it). */
export const DIALECTS: TestDialect[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

if (!PG_URL && !process.env.PHISHGATE_QUIET_SKIPS) {
  // Printed once per test file that imports this: says why the PostgreSQL half did not run.
  console.info('[phishgate tests] PHISHGATE_TEST_PG_URL is not set: PostgreSQL variants skipped (SQLite only).');
}

/**
 * A fresh, empty PostgreSQL database for one test, dropped by the returned cleanup.
 * Databases (not schemas) keep tests fully isolated even when they run in parallel.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!PG_URL) throw new Error('PHISHGATE_TEST_PG_URL is not set');
  const name = `phishgate_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
