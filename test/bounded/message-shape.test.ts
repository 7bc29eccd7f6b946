/**
 * `phishgate scan` asks of every file whether it is an email message (src/mail/message-shape.ts) before
 * anything else reads it: hostile files must cost time linear in what is looked at, and no more than the
 * window however large the file.
 */
import { describe, expect, it } from 'vitest';
import { notAnEmailMessage } from '../../src/mail/message-shape.js';
import { MAX_GROWTH, growthRatio } from './growth.js';

describe('the "is it an email message" check on hostile files', () => {
  it.each([
    ['many header fields', (n: number) => Buffer.from('X-A: b\n'.repeat(n))],
    ['many folded continuation lines', (n: number) => Buffer.from(`Subject: x\n${' y\n'.repeat(n)}`)],
    ['one long name without a colon', (n: number) => Buffer.from('a'.repeat(n))],
    ['a long name then prose lines', (n: number) => Buffer.from(`N: v\n${'word '.repeat(n)}\n`)],
  ])('%s: linear growth within the window', async (_name, build) => {
    // Sizes stay under the 64 KiB window, where the work is real (beyond it, it is flat); one call on such a
    // file is well under a millisecond, so each timing is of 300 calls, enough to measure.
    const repeated = (bytes: Buffer) => {
      for (let i = 0; i < 300; i++) notAnEmailMessage(bytes);
    };
    expect(await growthRatio(build, repeated, 500, { maxSize: 2_000 })).toBeLessThan(MAX_GROWTH);
  });

  it('reads no more than the 64 KiB window: a prose line beyond it is never seen', () => {
    const folded = Buffer.from(`N: v\n${' continued\n'.repeat(7_000)}`);
    expect(folded.length).toBeGreaterThan(64 * 1024);
    // Within the window: one field and its folded lines, a message. The prose after the window would make it
    // "text, not a message" if the whole file were read.
    expect(notAnEmailMessage(Buffer.concat([folded, Buffer.from('just prose\n')]))).toBeNull();
    expect(notAnEmailMessage(Buffer.from('N: v\njust prose\n'))).toMatch(/^text, not a message/);
  });
});
