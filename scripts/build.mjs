/**
 * `npm run build`, and `prepare`, which npm runs after every `npm install` / `npm ci` in this checkout:
 * compiles src/ to dist/ once, so that `npm start` and `npx phishgate` start from dist/ without
 * compiling anything (README "Install"), then writes the parsed defaults beside the compiled loader
 * (src/config/default-snapshot.ts: no YAML parsing at start-up, docs/performance.md "Start-up"). TypeScript is a development dependency: a production install (`npm ci
 * --omit=dev`) has no compiler, so there the step keeps a dist/ that is already there (built before
 * `npm prune --omit=dev`, as the Dockerfile does, or copied from a build machine) and otherwise says
 * how to get one, without failing the install. Plain JavaScript: tsx is a development dependency too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  tsc = null;
}
if (tsc === null) {
  const built = existsSync(new URL('../dist/cli/main.js', import.meta.url));
  console.warn(built
    ? 'phishgate: no TypeScript (production install): keeping the dist/ that is already built'
    : 'phishgate: no TypeScript (production install) and no dist/: npm start cannot run. Build with the development dependencies first (npm ci && npm prune --omit=dev), see README "Install"');
  process.exit(0);
}
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const { parse } = await import('yaml');
const { DEFAULT_CONFIG_PATH } = await import('../dist/config/loader.js');
const { writeDefaultSnapshot } = await import('../dist/config/default-snapshot.js');
// Without the defaults (a build from src/ alone) the loader simply parses them at start-up.
if (existsSync(DEFAULT_CONFIG_PATH)) {
  const text = readFileSync(DEFAULT_CONFIG_PATH, 'utf8');
  writeDefaultSnapshot(text, parse(text));
}
