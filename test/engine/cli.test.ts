import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError, type CliIo } from '../../src/cli/io.js';
import { scanCommand } from '../../src/cli/commands/scan.js';
import { trainCommand } from '../../src/cli/commands/train.js';
import { cli } from '../support/cli.js';

const fixtures = fileURLToPath(new URL('../fixtures/eml/', import.meta.url));

function memoryIo(env: NodeJS.ProcessEnv = {}, cwd = process.cwd()): CliIo & { out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { stdout, stderr, env, cwd, out: () => out, err: () => err };
}

describe('phishgate scan', () => {
  it('prints one JSON line per message and a summary on stderr', async () => {
    const io = memoryIo();
    const code = await scanCommand([join(fixtures, 'phish-dhl-ip.eml'), join(fixtures, 'legit-mailing-list.eml')], io);
    expect(code).toBe(0);
    const lines = io.out().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!).sort()).toEqual(['confidence', 'file', 'indicators', 'ms', 'reasons', 'score', 'verdict']);
    expect(lines[0]).toMatchObject({ verdict: 'phishing' });
    expect(lines[1]).toMatchObject({ verdict: 'safe' });
    expect(io.err()).toMatch(/scanned 2 messages in .* messages\/s.*safe 1, suspicious 0, phishing 1/);
  });

  it('scans folders recursively and mbox files, with worker threads for --jobs, in input order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-scan-'));
    mkdirSync(join(dir, 'nested'));
    cpSync(join(fixtures, 'phish-homograph.eml'), join(dir, 'nested', 'a.eml'));
    const one = readFileSync(join(fixtures, 'legit-password-reset.eml'), 'utf8');
    const two = readFileSync(join(fixtures, 'phish-bec-wire.eml'), 'utf8');
    writeFileSync(join(dir, 'box.mbox'), `From a@example.com Mon Jan  1 00:00:00 2024\n${one}\nFrom b@example.com Mon Jan  1 00:00:00 2024\n${two}`);
    const io = memoryIo();
    expect(await scanCommand([dir, '--jobs', '2', '--jsonl'], io)).toBe(0);
    const files = io.out().trim().split('\n').map((l) => (JSON.parse(l) as { file: string }).file.slice(dir.length + 1));
    expect(files).toEqual(['box.mbox#1', 'box.mbox#2', 'nested/a.eml']);
    expect(io.err()).toMatch(/scanned 3 messages .*2 jobs/);
  });

  it('maps --tenant to the tenant domains configured for the gateway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-scan-'));
    const configFile = join(dir, 'config.yaml');
    // --tenant must name a tenant of the database (an unknown id is bad usage).
    const db = join(dir, 'p.db');
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], { PHISHGATE_DB: db })).stdout) as { id: string };
    writeFileSync(configFile, `gateway:\n  domains:\n    example.com: ${tenant.id}\n`);
    writeFileSync(join(dir, 'm.eml'), 'From: "example.com Support" <help@desk.example.net>\nTo: x@example.org\nSubject: hi\n\nhello\n');
    const io = memoryIo({ PHISHGATE_CONFIG: configFile, PHISHGATE_DB: db });
    await scanCommand([join(dir, 'm.eml'), '--tenant', tenant.id], io);
    expect(io.out()).toMatch(/uses your domain example\.com/);
  });

  it('reports files that are not messages and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-scan-'));
    writeFileSync(join(dir, 'junk.eml'), 'not a mail at all');
    const io = memoryIo();
    expect(await scanCommand([dir], io)).toBe(1);
    // Issue 34: "not an email message", counted apart, in the CLI's words (test/cli/scan-input.test.ts).
    expect(JSON.parse(io.out().trim())).toEqual({ file: join(dir, 'junk.eml'), not_email: expect.stringMatching(/^no header fields/) });
  });

  it('bad usage throws UsageError naming the argument', async () => {
    await expect(scanCommand([], memoryIo())).rejects.toThrow(UsageError);
    await expect(scanCommand(['/no/such/path.eml'], memoryIo())).rejects.toThrow(/PATH not found: \/no\/such\/path\.eml/);
    await expect(scanCommand([fixtures, '--jobs', '0'], memoryIo())).rejects.toThrow(/--jobs must be a positive integer/);
    await expect(scanCommand([fixtures, '--bogus'], memoryIo())).rejects.toThrow(/bogus/);
  });
});

describe('phishgate train', () => {
  it('trains on folders and mbox, writes a model that scan then uses through engine.model_path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-train-'));
    mkdirSync(join(dir, 'phish'));
    mkdirSync(join(dir, 'ham'));
    // Function words are not features and a feature needs two messages, so each class shares its words.
    const phishTexts = ['verify your account now', 'your account mailbox is full, verify now', 'claim your account reward, verify today', 'payment failed, verify your account card'];
    const hamTexts = ['agenda for the board meeting notes', 'lunch after the board meeting?', 'the quarterly report draft notes', 'notes from the design review meeting'];
    phishTexts.forEach((t, i) => writeFileSync(join(dir, 'phish', `${i}.eml`), `From: x${i}@spam.example\nSubject: ${t}\n\n${t} ${t}\n`));
    writeFileSync(join(dir, 'ham', 'box.mbox'), hamTexts.map((t, i) => `From h@example.com Mon Jan  1 00:00:0${i} 2024\nFrom: colleague${i}@example.com\nSubject: ${t}\n\n${t} ${t}\n`).join('\n'));
    const out = join(dir, 'model.json');
    const io = memoryIo({}, dir);
    expect(await trainCommand(['--phish', 'phish', '--ham', 'ham', '--out', out], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ out, phishing: 4, ham: 4, skipped: 0 });
    expect(io.err()).toMatch(/set engine\.model_path/);
    const configFile = join(dir, 'config.yaml');
    writeFileSync(configFile, `engine:\n  model_path: ${out}\n`);
    const scanIo = memoryIo({ PHISHGATE_CONFIG: configFile });
    // Rules find a credential and a payment ask here, so the classifier assists and its reason shows
    // (alone it would be bounded below suspicious and unnamed: docs/detection.md "The classifier assists").
    writeFileSync(join(dir, 'probe.eml'), 'From: a@b.example\nSubject: verify your account now\n\nverify your account now, payment failed update your card\n');
    expect(await scanCommand([join(dir, 'probe.eml')], scanIo)).toBe(0);
    expect(scanIo.out()).toMatch(/statistical classifier/);
  });

  it('bad usage: missing --phish/--ham, unknown path', async () => {
    await expect(trainCommand(['--ham', fixtures], memoryIo())).rejects.toThrow(/--phish is required/);
    await expect(trainCommand(['--phish', fixtures], memoryIo())).rejects.toThrow(/--ham is required/);
    await expect(trainCommand(['--phish', '/nope', '--ham', fixtures], memoryIo())).rejects.toThrow(/--phish PATH not found: \/nope/);
  });

  it('too few messages is a runtime failure (exit 1)', async () => {
    const io = memoryIo();
    expect(await trainCommand(['--phish', join(fixtures, 'phish-dhl-ip.eml'), '--ham', join(fixtures, 'legit-bounce.eml'), '--out', join(mkdtempSync(join(tmpdir(), 'pg-')), 'm.json')], io)).toBe(1);
    expect(io.err()).toMatch(/at least 2 phishing and 2 legitimate/);
  });
});
