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

describe('readMailSources reading ahead', () => {
  it('keeps the stable order over many files read ahead, mbox files streamed in their place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-mail-ahead-'));
    const expected: string[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `m${String(i).padStart(2, '0')}`;
      if (i % 7 === 3) {
        writeFileSync(join(dir, `${name}.mbox`), `From a@example.com Mon Jan  1 00:00:00 2024\nFrom: ${name}-1@example.com\n\none\n\nFrom b@example.com Mon Jan  1 00:00:01 2024\nFrom: ${name}-2@example.com\n\ntwo\n`);
        expected.push(`${name}.mbox#1 ${name}-1`, `${name}.mbox#2 ${name}-2`);
      } else {
        writeFileSync(join(dir, `${name}.eml`), `From: ${name}@example.com\n\nbody ${i}\n`);
        expected.push(`${name}.eml ${name}`);
      }
    }
    const seen: string[] = [];
    for await (const mail of readMailSources([dir], 1_000_000)) seen.push(`${mail.name.slice(dir.length + 1)} ${/From: ([^@]+)@/.exec(mail.raw.toString())![1]}`);
    expect(seen).toEqual(expected);
  });

  it('reads a message past the cap as the cap plus one byte, so the parser can refuse it as too large', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-mail-cap-'));
    writeFileSync(join(dir, 'big.eml'), `From: a@example.com\n\n${'x'.repeat(5000)}\n`);
    writeFileSync(join(dir, 'small.eml'), 'From: b@example.com\n\nsmall\n');
    const sizes: Record<string, number> = {};
    for await (const mail of readMailSources([dir], 1024)) sizes[mail.name.slice(dir.length + 1)] = mail.raw.length;
    expect(sizes).toEqual({ 'big.eml': 1025, 'small.eml': 27 });
  });

  it('stops reading when the consumer stops early, and a missing path is an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-mail-stop-'));
    for (let i = 0; i < 10; i++) writeFileSync(join(dir, `${i}.eml`), `From: ${i}@example.com\n\n${i}\n`);
    let count = 0;
    for await (const _mail of readMailSources([dir], 1_000_000)) if (++count === 2) break;
    expect(count).toBe(2);
    await expect(async () => {
      for await (const _mail of readMailSources([join(dir, 'absent.eml')], 1_000_000)) void _mail;
    }).rejects.toThrow(/ENOENT/);
  });
});
