import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FeedSet } from '../../src/engine/reputation/feed-set.js';

/**
 * A feed of two million URLs stays within its memory budget (docs/reputation.md "Memory"): 8 bytes per URL
 * key and 8 per host key, so 32 MB for two million entries on distinct hosts, plus 8 MB for everything else
 * the set keeps. The file is never held: it is read line by line.
 */
const ENTRIES = 2_000_000;
const BUDGET_BYTES = 40 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const retained = (): number => {
  gc();
  gc();
  const usage = process.memoryUsage();
  // Shared and array buffers live outside the JS heap: both count.
  return usage.heapUsed + usage.arrayBuffers;
};

async function writeFeed(path: string): Promise<void> {
  const out = createWriteStream(path);
  const lines: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    lines.push(`https://h${i}.phish-${i % 977}.test/login/account-${i}/verify.php?id=${i}\n`);
    if (lines.length === 10_000) {
      if (!out.write(lines.join(''))) await new Promise<void>((done) => out.once('drain', () => done()));
      lines.length = 0;
    }
  }
  await new Promise<void>((done, fail) => out.end(lines.join(''), () => done()).once('error', fail));
}

describe('feed memory', () => {
  it(`holds ${ENTRIES} entries within ${BUDGET_BYTES / 1048576} MB`, { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-feed-2m-'));
    try {
      const path = join(dir, 'feed.txt');
      await writeFeed(path);
      const set = new FeedSet([{ name: 'Big', format: 'openphish', source: path, schedule: '0 0 1 1 *', category: 'phishing' }]);
      const before = retained();
      await set.refresh();
      const growth = retained() - before;
      expect(set.status()[0]).toMatchObject({ entries: ENTRIES, lastError: null });
      expect(set.match(`https://h1234567.phish-${1234567 % 977}.test/login/account-1234567/verify.php?id=1234567`)).toHaveLength(1);
      console.log(`feed of ${ENTRIES} entries: retained ${(growth / 1048576).toFixed(1)} MB`);
      expect(growth).toBeLessThan(BUDGET_BYTES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
