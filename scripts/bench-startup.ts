/**
 * npm run bench:startup -- [--runs N (default 15)] [--file EML] [--entry JS (default dist/cli/main.js)]
 *
 * Start-up as a user meets it: the real built CLI (`node dist/cli/main.js`, what `npx phishgate` runs),
 * one fresh process per run, for `--version`, `--help`, `scan FILE` and `scan FILE --jobs 2`. The
 * commands alternate run by run so that load from other work spreads over all of them. Reports, per
 * command, the median wall-clock time until the process exited and, for scan, until its first verdict
 * line was written, and the median CPU time of the process (all its threads). Goals (issue 33,
 * docs/performance.md "Start-up"): `--version` under 300 ms, the first analysed message under 600 ms.
 * Build first (`npm run build`): this measures dist/, not the TypeScript sources.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/engine-bench.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string' }, file: { type: 'string' }, entry: { type: 'string' } } });
// --entry: another build's main.js, to compare with (e.g. main's, built in a scratch checkout).
const ENTRY = values.entry ?? join(ROOT, 'dist', 'cli', 'main.js');
const runs = Number(values.runs ?? 15);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run bench:startup -- [--runs N] [--file EML] [--entry JS]');
  process.exit(2);
}
if (!existsSync(ENTRY)) {
  console.error('dist/ is missing: run npm run build first');
  process.exit(1);
}
const file = values.file ?? join(ROOT, 'test', 'fixtures', 'eml', 'phish-dhl-ip.eml');

/** CPU seconds of this process's waited-for children (Linux /proc: cutime + cstime), null elsewhere. */
function childrenCpu(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

interface Run {
  exitMs: number;
  /** Until the first byte on stdout: the version, the help, or the first verdict line. */
  firstOutputMs: number;
  cpuMs: number | null;
}

function runOnce(argv: string[]): Promise<Run> {
  const cpu0 = childrenCpu();
  const started = performance.now();
  let firstOutputMs = Number.NaN;
  // An empty PHISHGATE_CONFIG: the shipped defaults, whatever the caller's environment says.
  const child = spawn(process.execPath, [ENTRY, ...argv], { cwd: ROOT, env: { ...process.env, PHISHGATE_CONFIG: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.once('data', () => (firstOutputMs = performance.now() - started));
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => child.on('close', (code) => {
    const exitMs = performance.now() - started;
    // scan exits 0 when every file was analysed; anything else means the figure would measure an error path.
    if (code !== 0) return reject(new Error(`phishgate ${argv.join(' ')} exited with ${code}: ${stderr.slice(0, 500)}`));
    const cpu1 = childrenCpu();
    resolve({ exitMs, firstOutputMs, cpuMs: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) * 1000 });
  }));
}

const COMMANDS: Array<{ label: string; argv: string[]; goal?: string }> = [
  { label: '--version', argv: ['--version'], goal: 'exit under 300 ms' },
  { label: '--help', argv: ['--help'] },
  { label: 'scan FILE', argv: ['scan', file, '--jsonl'], goal: 'first verdict under 600 ms' },
  { label: 'scan FILE --jobs 2', argv: ['scan', file, '--jsonl', '--jobs', '2'] },
];
const results = new Map<string, Run[]>(COMMANDS.map((c) => [c.label, []]));
const loadBefore = loadavg();
// One unmeasured round first: the files of dist/ and node_modules in the page cache, as on a machine in use.
for (const command of COMMANDS) await runOnce(command.argv);
for (let i = 0; i < runs; i++) for (const command of COMMANDS) results.get(command.label)!.push(await runOnce(command.argv));

const ms = (x: number): string => `${x.toFixed(0)} ms`;
console.log(`${ENTRY}, node ${process.version}, ${runs} runs per command (alternating), ${file.startsWith(ROOT) ? file.slice(ROOT.length) : file}`);
for (const command of COMMANDS) {
  const rs = results.get(command.label)!;
  const cpu = rs.every((r) => r.cpuMs !== null) ? `, CPU ${ms(median(rs.map((r) => r.cpuMs!)))}` : '';
  const first = command.argv[0] === 'scan' ? `, first verdict ${ms(median(rs.map((r) => r.firstOutputMs)))}` : '';
  const range = `${ms(Math.min(...rs.map((r) => r.exitMs)))}–${ms(Math.max(...rs.map((r) => r.exitMs)))}`;
  console.log(`${command.label.padEnd(20)} exit ${ms(median(rs.map((r) => r.exitMs)))} (${range})${first}${cpu}${command.goal ? `   goal: ${command.goal}` : ''}`);
}
console.log(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
