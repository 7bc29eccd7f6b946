/**
 * The command line as docs/cli.md describes it: generated help for every command, --version, errors that
 * name the bad argument (exit 2), --tenant checked against the database, scan --explain, output forms
 * and the progress line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, runCli } from '../../src/cli/run.js';
import { createProgress } from '../../src/cli/progress.js';
import { withRuntime } from '../../src/cli/runtime.js';
import { loadConfig } from '../../src/config/loader.js';
import { cli, ROOT, runPhishgate } from '../support/cli.js';

const fixtures = fileURLToPath(new URL('../fixtures/eml/', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Runs in-process with a stdout that claims (or not) to be a terminal. */
async function cliOnTerminal(argv: string[], env: NodeJS.ProcessEnv, tty: { stdout?: boolean; stderr?: boolean }) {
  const out = Object.assign(new PassThrough(), { isTTY: tty.stdout === true });
  const err = Object.assign(new PassThrough(), { isTTY: tty.stderr === true });
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  const code = await runCli(argv, { stdout: out, stderr: err, env, cwd: ROOT });
  return { code, stdout, stderr };
}

describe('help and version', () => {
  it('every command has help listing each of its options, the same from "help X" and "X --help"', async () => {
    for (const spec of COMMANDS) {
      const words = spec.name.split(' ');
      const viaHelp = await cli(['help', ...words], {});
      const viaFlag = await cli([...words, '--help'], {});
      expect(viaHelp.code, spec.name).toBe(0);
      expect(viaFlag).toEqual(viaHelp);
      expect(viaHelp.stdout).toMatch(new RegExp(`^usage: phishgate ${spec.name}`));
      for (const option of Object.keys(spec.options)) expect(viaHelp.stdout, `${spec.name} --${option}`).toContain(`--${option}`);
      expect(viaHelp.stdout).toContain('--config FILE');
    }
    const overview = await cli(['--help'], {});
    for (const spec of COMMANDS) expect(overview.stdout).toContain(`  ${spec.name} `);
  });

  it('the real entry point answers --version and "scan --help" with exit 0', { timeout: 120_000 }, async () => {
    const version = await runPhishgate(['--version'], {});
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const help = await runPhishgate(['scan', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--explain');
  });
});

describe('bad usage names the argument, exit 2, one line', () => {
  const cases: Array<[string[], RegExp]> = [
    [['tenant', 'update', 'tn_x', '--quota-limit', '-5'], /^phishgate tenant update: --quota-limit must be a whole number ≥ 0, got "-5" \(see "phishgate tenant update --help"\)\n$/],
    [['scan', fixtures, '--bogus'], /^phishgate scan: unknown option --bogus \(see "phishgate scan --help"\)\n$/],
    [['tenant', 'create', '--name'], /^phishgate tenant create: --name needs a value \(NAME\)/],
    [['scan', fixtures, '--jobs', '0'], /--jobs must be a positive integer, got "0"/],
    [['scan', fixtures, '--explain=yes'], /--explain takes no value, got "yes"/],
    [['tenant', 'frobnicate'], /^phishgate: tenant: expected one of create, list, update, got "frobnicate"/],
    [['frobnicate'], /^phishgate: unknown command "frobnicate"/],
    [['key', 'list', '--tenant', 'a', '--tenant', 'b'], /--tenant given twice/],
  ];
  it.each(cases)('%j', async (argv, message) => {
    const run = await cli(argv, { PHISHGATE_DB: ':memory:' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    // Quotes come in pairs (the old parser printed an unbalanced one).
    expect((run.stderr.match(/"/g) ?? []).length % 2).toBe(0);
  });
});

describe('--tenant and scan', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let tenantId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-usage-'));
    env = { PHISHGATE_DB: join(dir, 'p.db') };
    tenantId = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env)).stdout).id;
    writeFileSync(join(dir, 'blocked.eml'), 'From: Friendly <friend@blocked-sender.example>\nTo: x@acme.example\nSubject: hello\n\nSee you tomorrow.\n');
    await withRuntime({ stdout: new PassThrough(), stderr: new PassThrough(), env, cwd: ROOT }, async (rt) => {
      const tenant = await rt.services.tenants.get(tenantId);
      await rt.services.lists.add({ tenant, livemode: true }, 'block', { type: 'domain', value: 'blocked-sender.example' });
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an unknown --tenant is bad usage naming the id, for scan and key commands', async () => {
    for (const argv of [['scan', join(dir, 'blocked.eml'), '--tenant', 'tn_nope'], ['key', 'create', '--tenant', 'tn_nope'], ['key', 'list', '--tenant', 'tn_nope']]) {
      const run = await cli(argv, env);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/--tenant: no tenant with id "tn_nope"/);
    }
  });

  it("--tenant applies that tenant's block list; without it the same message is safe", async () => {
    const asTenant = await cli(['scan', join(dir, 'blocked.eml'), '--tenant', tenantId], env);
    expect(asTenant.code, asTenant.stderr).toBe(0);
    const line = JSON.parse(asTenant.stdout);
    expect(line.verdict).toBe('phishing');
    expect(line.reasons.join(' ')).toMatch(/blocked-sender\.example/);
    const anonymous = JSON.parse((await cli(['scan', join(dir, 'blocked.eml')], env)).stdout);
    expect(anonymous.verdict).toBe('safe');
  });

  it('--explain lists the rules that fired with their configured weights', async () => {
    const weights = loadConfig({ env: {} }).engine.weights;
    const run = await cli(['scan', join(fixtures, 'phish-dhl-ip.eml'), '--explain'], env);
    const line = JSON.parse(run.stdout);
    expect(line.rules.length).toBeGreaterThan(0);
    for (const rule of line.rules) {
      expect(Object.keys(weights)).toContain(rule.id);
      expect(rule.weight).toBe(weights[rule.id]);
      expect(rule.strength).toBeGreaterThan(0);
      expect(typeof rule.reason).toBe('string');
    }
    expect(line.rules.map((r: { id: string }) => r.id)).toContain('URL_IP_HOST');
    const plain = JSON.parse((await cli(['scan', join(fixtures, 'phish-dhl-ip.eml')], env)).stdout);
    expect(plain.rules).toBeUndefined();
  });

  it('JSON lines on a pipe or with --jsonl; readable lines on a terminal', async () => {
    const file = join(fixtures, 'phish-dhl-ip.eml');
    const terminal = await cliOnTerminal(['scan', file, '--explain'], env, { stdout: true });
    expect(terminal.stdout).toMatch(/^phishing\s+\d\.\d\d\s+\S+phish-dhl-ip\.eml\n/);
    expect(terminal.stdout).toContain(`    URL_IP_HOST weight ${loadConfig({ env: {} }).engine.weights.URL_IP_HOST} × strength `);
    const forced = await cliOnTerminal(['scan', file, '--jsonl'], env, { stdout: true });
    expect(JSON.parse(forced.stdout).verdict).toBe('phishing');
  });

  it('no progress line when stderr is not a terminal: only the summary', async () => {
    const run = await cliOnTerminal(['scan', fixtures], env, { stderr: false });
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).toMatch(/^scanned \d+ messages in /);
  });
});

describe('progress line', () => {
  it('draws count, rate and ETA on a terminal after the delay, throttled, and erases itself', () => {
    let now = 0;
    let written = '';
    const stream = Object.assign(new PassThrough(), { isTTY: true });
    stream.on('data', (d) => (written += d));
    const progress = createProgress({ stream, totalBytes: 1000, now: () => now, delayMs: 2000, intervalMs: 250 });
    now = 1000;
    progress.update(10, 100);
    expect(written).toBe('');
    now = 4000;
    progress.update(40, 400);
    // 40 messages in 4 s, 40 % of the bytes: 6 s to go.
    expect(written).toBe('\r\x1b[K40 messages, 10/s, 40%, ETA 0:06');
    now = 4100;
    progress.update(41, 410);
    expect(written).toBe('\r\x1b[K40 messages, 10/s, 40%, ETA 0:06');
    progress.done();
    expect(written.endsWith('\r\x1b[K')).toBe(true);
  });

  it('writes nothing when the stream is not a terminal', () => {
    let written = '';
    const stream = new PassThrough();
    stream.on('data', (d) => (written += d));
    let now = 0;
    const progress = createProgress({ stream, totalBytes: 1000, now: () => now });
    now = 60_000;
    progress.update(500, 500);
    progress.done();
    expect(written).toBe('');
  });
});
