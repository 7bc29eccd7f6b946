import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs dependency-cruiser with the project's rules (.dependency-cruiser.cjs) over `src` of `cwd`. */
async function violations(cwd: string): Promise<Violation[]> {
  const { stdout } = await run(DEPCRUISE, ['src', '--config', join(cwd, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout).summary.violations as Violation[];
}

/** A throw-away project with the real rule file and the given source files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-layers-'));
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

// The layers of docs/architecture.md hold without anyone watching: a change that breaks them fails the build.
describe('architecture: layers import downward only', { timeout: 120_000 }, () => {
  it('holds for the code in src/', async () => {
    const found = await violations(ROOT);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it('catches an upward import, a door importing another door, a repository reached past the services, a cycle and a folder in no layer', async () => {
    const dir = project({
      'src/core/clock.ts': "import { run } from '../engine/engine.js';\nexport const now = () => run();\n",
      'src/engine/engine.ts': 'export const run = () => 1;\n',
      'src/store/repositories/analyses.ts': 'export const find = () => 1;\n',
      'src/jobs/retention.ts': "import { find } from '../store/repositories/analyses.js';\nexport const purge = () => find();\n",
      'src/smtp/door.ts': "import { app } from '../http/server.js';\nexport const door = () => app;\n",
      'src/http/server.ts': 'export const app = 1;\n',
      'src/mail/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/mail/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'src/gateway/policy.ts': "import { now } from '../core/clock.js';\nexport const policy = () => now();\n",
    });
    const rules = (await violations(dir)).map((v) => v.rule.name).sort();
    expect(rules).toEqual(
      expect.arrayContaining([
        'core-imports-upward',
        'no-circular',
        'not-in-a-layer',
        'repositories-only-from-services',
        'smtp-imports-another-door',
      ]),
    );
  });
});
