import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

describe('phishgate retention run', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-retention-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the job once and prints what it deleted', async () => {
    const result = await cli(['retention', 'run'], { PHISHGATE_DB: join(dir, 'p.db') });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ deleted: expect.objectContaining({ analyses: 0, list_entries: 0 }) });
  });

  it('refuses an invalid cron schedule in the configuration, naming it', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'c.yaml'), 'retention:\n  schedule: "every day"\n');
    const result = await cli(['retention', 'run'], { PHISHGATE_DB: join(dir, 'p.db'), PHISHGATE_CONFIG: join(dir, 'c.yaml') });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/retention\.schedule.*not a cron expression/);
  });
});
