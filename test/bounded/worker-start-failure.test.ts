import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';

/**
 * Workers that cannot start must not make analyses hang: after a few failed starts, waiting messages fail as
 * "service unavailable" (the API answers 503, the mail doors tempfail) while the pool keeps trying to start.
 */
const config = loadConfig({ env: {} });
const mail = Buffer.from('From: a@example.com\r\nTo: b@example.org\r\nSubject: hello\r\n\r\nSee you on Monday.\r\n');

describe('engine pool whose workers cannot start', () => {
  const pool = createEnginePool({ size: 1, config, workerUrl: new URL('./fixtures/broken-worker.ts', import.meta.url) });
  afterAll(() => pool.close());

  it('fails waiting messages with service_unavailable instead of hanging', async () => {
    await expect(pool.parse(mail)).rejects.toMatchObject({ code: 'service_unavailable', message: expect.stringContaining('could not start') });
  });
});

describe('engine pool started from a directory without node_modules', () => {
  const cwd = process.cwd();
  const pool = (() => {
    // The tsx bootstrap of .ts workers must resolve tsx from the pool's own module, not from the working directory.
    process.chdir(mkdtempSync(`${tmpdir()}/phishgate-cwd-`));
    try {
      return createEnginePool({ size: 1, config });
    } finally {
      process.chdir(cwd);
    }
  })();
  afterAll(() => pool.close());

  it('still starts its workers and answers', async () => {
    process.chdir(mkdtempSync(`${tmpdir()}/phishgate-cwd-`));
    try {
      await expect(pool.parse(mail)).resolves.toMatchObject({ subject: 'hello' });
    } finally {
      process.chdir(cwd);
    }
  });
});
