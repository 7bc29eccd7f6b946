/**
 * Issue 34 item 4: `phishgate scan` (and `train`) reports what is not an RFC 5322 message as "not an email message",
 * counted apart (never a safe mail), in the CLI's words (no `raw_email`); odd but valid mail is still
 * analysed; an empty folder warns; no PATH prints its hint once (docs/cli.md, "scan").
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notAnEmailMessage } from '../../src/mail/message-shape.js';
import { cli, ROOT } from '../support/cli.js';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND), as an image viewer would open it; CRCs are not checked by anyone here. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
}

const NOT_MESSAGES: Record<string, string | Buffer> = {
  'binary.bin': Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256)),
  'image.png': png(),
  // The first bytes of a JPEG (JFIF) and of a ZIP archive: main judged files like these safe mail.
  'photo.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01', 'latin1'), Buffer.alloc(300, 0x80)]),
  'archive.zip': Buffer.concat([Buffer.from('PK\x03\x04\x14\0\0\0\x08\0', 'latin1'), Buffer.from('notes/readme.txt: see inside', 'latin1'), Buffer.alloc(64, 0)]),
  'empty.eml': '',
  'letter.txt': 'Hello there,\nplease call me: tomorrow would suit.\nBest, Ann\n',
  'shopping.txt': 'Note: buy milk\nand eggs and some bread\n',
  'blank-first.eml': '\nSubject: x\n\nbody\n',
};

const MESSAGES: Record<string, string> = {
  'header-only.eml': 'Subject: Quarterly numbers\nFrom: Ann <ann@example.com>\n',
  'no-body.eml': 'From: Ann <ann@example.com>\r\nSubject: Numbers\r\n\r\n',
  'crlf.eml': 'From: Ann <ann@example.com>\r\nTo: bob@example.org\r\nSubject: Lunch\r\n\r\nShall we meet at noon?\r\n',
  'lf.eml': 'From: Ann <ann@example.com>\nTo: bob@example.org\nSubject: Lunch\n\nShall we meet at noon?\n',
  'mbox-line.eml': 'From ann@example.com Mon Jan  1 00:00:00 2024\nFrom: Ann <ann@example.com>\nSubject: Lunch\n\nNoon?\n',
  'one-field.eml': 'Subject: hi\n\nsee you tomorrow\n',
  'bom.eml': '\ufeffFrom: Ann <ann@example.com>\nSubject: Lunch\n\nNoon?\n',
  'damaged-header.eml': 'From: Ann <ann@example.com>\nSubject: Lunch\nthis header line lost its name\nTo: bob@example.org\n\nNoon?\n',
};

describe('phishgate scan: what is not an email message', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-scan-input-'));
    env = { PHISHGATE_DB: join(dir, 'unused.db') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports non-messages apart, in the CLI words, and analyses odd but valid mail (header-only, no body, mbox line, CRLF, LF)', async () => {
    for (const [name, content] of Object.entries({ ...NOT_MESSAGES, ...MESSAGES })) writeFileSync(join(dir, name), content);
    const run = await cli(['scan', '--jsonl', dir], env);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const byFile = new Map(lines.map((l) => [String(l.file).replace(`${dir}/`, ''), l]));

    for (const name of Object.keys(NOT_MESSAGES)) {
      expect(byFile.get(name), name).toEqual({ file: join(dir, name), not_email: expect.any(String) });
    }
    for (const name of ['image.png', 'photo.jpg', 'archive.zip']) expect(byFile.get(name)!.not_email, name).toBe('binary data, not text');
    expect(byFile.get('binary.bin')!.not_email).toBe('binary data, not text');
    expect(byFile.get('empty.eml')!.not_email).toBe('the file is empty');
    expect(byFile.get('letter.txt')!.not_email).toMatch(/^no header fields/);
    expect(byFile.get('shopping.txt')!.not_email).toMatch(/^text, not a message/);

    for (const name of Object.keys(MESSAGES)) {
      // The mbox-style file is read as an mbox: its one message is "#1".
      const line = byFile.get(name) ?? byFile.get(`${name}#1`);
      expect(line, name).toMatchObject({ verdict: expect.stringMatching(/^(safe|suspicious|phishing)$/), score: expect.any(Number) });
    }
    // Counted apart: eight messages judged, eight files that are not messages.
    expect(run.stderr).toMatch(/scanned 8 messages .*: safe \d+, suspicious \d+, phishing \d+; not an email message 8\n/);
    expect(`${run.stdout}${run.stderr}`).not.toContain('raw_email');
    expect(run.code).toBe(1);
  });

  it('does not take any message of the project fixtures for a non-message (genuine and phishing mail alike)', () => {
    const fixtures = join(ROOT, 'test', 'fixtures', 'eml');
    const refused = readdirSync(fixtures)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => [f, notAnEmailMessage(readFileSync(join(fixtures, f)))])
      .filter(([, why]) => why !== null);
    expect(refused).toEqual([]);
  });

  it('warns about an empty folder, naming it, and still prints the summary', async () => {
    mkdirSync(join(dir, 'inbox'));
    writeFileSync(join(dir, 'inbox', '.hidden'), 'From: a@b.example\n\nx\n');
    const run = await cli(['scan', join(dir, 'inbox')], env);
    expect(run.stderr).toContain(`phishgate scan: warning: ${join(dir, 'inbox')}: no files to scan in this folder`);
    expect(run.stderr).toMatch(/scanned 0 messages/);
    expect(run.code).toBe(0);
  });

  it('train skips what is not a message, saying so in the CLI words, and learns from the rest', async () => {
    mkdirSync(join(dir, 'phish'));
    mkdirSync(join(dir, 'ham'));
    // As in test/engine/cli.test.ts: each class shares its words, so the model has features to keep.
    const phish = ['verify your account now', 'your account mailbox is full, verify now', 'claim your account reward, verify today', 'payment failed, verify your account card'];
    const ham = ['agenda for the board meeting notes', 'lunch after the board meeting?', 'the quarterly report draft notes', 'notes from the design review meeting'];
    phish.forEach((t, i) => writeFileSync(join(dir, 'phish', `${i}.eml`), `From: x${i}@spam.example\nSubject: ${t}\n\n${t} ${t}\n`));
    ham.forEach((t, i) => writeFileSync(join(dir, 'ham', `${i}.eml`), `From: colleague${i}@example.com\nSubject: ${t}\n\n${t} ${t}\n`));
    writeFileSync(join(dir, 'phish', 'screenshot.png'), NOT_MESSAGES['image.png']!);
    writeFileSync(join(dir, 'ham', 'letter.txt'), NOT_MESSAGES['letter.txt']!);
    const run = await cli(['train', '--phish', join(dir, 'phish'), '--ham', join(dir, 'ham'), '--out', join(dir, 'model.json')], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ phishing: 4, ham: 4, skipped: 2 });
    expect(run.stderr).toContain(`skipped ${join(dir, 'phish', 'screenshot.png')}: not an email message (binary data, not text)`);
    expect(run.stderr).toContain(`skipped ${join(dir, 'ham', 'letter.txt')}: not an email message (no header fields`);
    expect(run.stderr).not.toContain('raw_email');
  });

  it('without a PATH prints its hint once (exit 2)', async () => {
    const run = await cli(['scan'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('phishgate scan: scan needs at least one PATH (an .eml file, a folder or an mbox) (see "phishgate scan --help")\n');
    expect(run.stderr.split('phishgate scan --help').length - 1).toBe(1);
  });
});
