import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/**
 * Start-up is module loading (docs/performance.md, "Start-up"): `--version` and `--help` must not load
 * the configuration validator, the engine, the store or the HTTP door, and `scan --jobs N` must leave the
 * engine to its worker threads. These tests run the real entry point and record the modules its main
 * thread loads (test/support/record-modules.mjs); they assert what is loaded, never how long it takes.
 */
const dir = mkdtempSync(join(tmpdir(), 'phishgate-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let runs = 0;

async function modulesLoadedBy(argv: string[]): Promise<{ code: number | null; modules: string[] }> {
  const file = join(dir, `run-${++runs}.txt`);
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/support/record-modules.mjs', 'src/cli/main.ts', ...argv], {
    cwd: ROOT,
    env: { ...process.env, PHISHGATE_TEST_MODULES_FILE: file },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const modules = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  expect(modules.length, stderr).toBeGreaterThan(0);
  return { code, modules };
}

/** The project's own modules by path under src/, and the npm packages, by name. */
const ownModules = (modules: string[]): string[] => modules.flatMap((url) => url.match(/\/src\/(.+)\.ts$/)?.[1] ?? []);
const packages = (modules: string[]): string[] => [...new Set(modules.flatMap((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []))];

/** What dominated start-up before (docs/performance.md, "Start-up"): the validator, the engine, the parser, the runtime. */
const HEAVY_MODULES = ['config/loader', 'config/schema', 'engine/engine', 'engine/create', 'mail/parse-raw', 'logger', 'main'];
const HEAVY_PACKAGES = ['@sinclair/typebox', 'yaml', 'fastify', 'kysely', 'better-sqlite3', 'pg', 'mailparser', 'htmlparser2', 'nodemailer', 'smtp-server', 'pino', 'tldts'];

describe('what the CLI loads before it works', () => {
  it('--version and --help load the dispatcher and the command list only', async () => {
    for (const argv of [['--version'], ['--help'], ['scan', '--help']]) {
      const { code, modules } = await modulesLoadedBy(argv);
      expect(code).toBe(0);
      const own = ownModules(modules);
      expect(own, argv.join(' ')).toContain('cli/run');
      expect(own.filter((m) => HEAVY_MODULES.includes(m) || /^(store|http|smtp|milter|services|jobs)\//.test(m)), argv.join(' ')).toEqual([]);
      // tsx itself is loaded through the hooks too; nothing else from node_modules.
      expect(packages(modules).filter((p) => p !== 'tsx'), argv.join(' ')).toEqual([]);
    }
  });

  it('scan --jobs 2 leaves the engine and the mail parser to the workers and never loads the store or a door', async () => {
    const { code, modules } = await modulesLoadedBy(['scan', 'test/fixtures/eml/phish-dhl-ip.eml', '--jobs', '2']);
    expect(code).toBe(0);
    const own = ownModules(modules);
    expect(own).toContain('engine/worker-pool');
    expect(own.filter((m) => ['engine/engine', 'engine/create', 'mail/parse-raw', 'main'].includes(m) || /^(store|http|smtp|milter|services)\//.test(m))).toEqual([]);
    expect(packages(modules).filter((p) => HEAVY_PACKAGES.includes(p) && !['@sinclair/typebox', 'yaml'].includes(p))).toEqual([]);
  });

  it('scan in one thread loads the engine but not the store or a door', async () => {
    const { code, modules } = await modulesLoadedBy(['scan', 'test/fixtures/eml/phish-dhl-ip.eml']);
    expect(code).toBe(0);
    const own = ownModules(modules);
    expect(own).toContain('engine/engine');
    expect(own.filter((m) => m === 'main' || /^(store|http|smtp|milter)\//.test(m))).toEqual([]);
    expect(packages(modules).filter((p) => ['fastify', 'kysely', 'better-sqlite3', 'pg', 'smtp-server', 'nodemailer'].includes(p))).toEqual([]);
  });
});
