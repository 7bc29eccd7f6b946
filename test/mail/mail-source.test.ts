import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMailSources } from '../../src/mail/mail-source.js';

describe('readMailSources', () => {
  it('reads files, folders recursively and mbox files (mboxrd unescaping)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-mail-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'a.eml'), 'From: a@example.com\n\nA\n');
    writeFileSync(join(dir, 'sub', 'b.eml'), 'From: b@example.com\n\nB\n');
    writeFileSync(join(dir, 'labels.jsonl'), '{}\n');
    writeFileSync(join(dir, 'box.mbox'), 'From x@example.com Mon Jan  1 00:00:00 2024\nFrom: one@example.com\n\n>From the start\nbody one\n\nFrom y@example.com Mon Jan  1 00:00:01 2024\nFrom: two@example.com\n\nbody two\n');
    const mails = [];
    for await (const mail of readMailSources([dir], 1_000_000)) mails.push({ name: mail.name.slice(dir.length + 1), text: mail.raw.toString() });
    expect(mails.map((m) => m.name)).toEqual(['a.eml', 'box.mbox#1', 'box.mbox#2', 'sub/b.eml']);
    expect(mails[1]?.text).toBe('From: one@example.com\n\nFrom the start\nbody one\n\n');
    expect(mails[2]?.text).toBe('From: two@example.com\n\nbody two\n');
  });
});
