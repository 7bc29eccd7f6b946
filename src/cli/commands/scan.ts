import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config/schema.js';
import type { EngineResult, Verdict } from '../../core/analysis.js';
import { parseLimitsOf } from '../../engine/limits.js';
import type { AnalysisContext } from '../../engine/types.js';
import { createEnginePool } from '../../engine/worker-pool.js';
import { readMailSources } from '../../mail/mail-source.js';
import { notAnEmailMessage } from '../../mail/message-shape.js';
import { inCliWords } from '../mail-words.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, positiveIntFlag, UsageError, type CliIo, type CommandHandler } from '../io.js';
import { createProgress } from '../progress.js';
import { tenantOrUsageError, withRuntime } from '../runtime.js';

/** One rule that fired, as `--explain` shows it. */
interface ExplainedRule {
  id: string;
  /** The rule's configured weight (engine.weights), in log-odds. */
  weight: number;
  /** How strongly it fired, 0..1. */
  strength: number;
  /** What it added to the raw score after group caps. */
  contribution: number;
  reason: string;
}

/** One output line (docs/cli.md, "scan"). */
interface ScanLine {
  file: string;
  verdict: Verdict;
  score: number;
  confidence: number;
  reasons: string[];
  indicators: EngineResult['indicators'];
  ms: number;
  rules?: ExplainedRule[];
}
/** A file that is not an email message (src/mail/message-shape.ts): reported and counted apart, never judged. */
interface NotEmailLine {
  file: string;
  not_email: string;
}
type Emitted = ScanLine | NotEmailLine | { file: string; error: string };

const options = {
  tenant: { type: 'string', value: 'ID', description: "judge as this tenant would: its allow/block lists and its gateway.domains (the id must exist)" },
  jobs: { type: 'string', value: 'N', description: 'worker threads (default 1); output stays in input order' },
  explain: { type: 'boolean', description: 'add the rules that fired to each line: id, weight, strength, contribution, reason' },
  jsonl: { type: 'boolean', description: 'JSON lines even on a terminal (the default when stdout is a pipe or a file)' },
} as const;

/** Domains the configuration routes to `tenant` (gateway.domains): look-alike targets and "your own domain" checks. */
function tenantDomains(config: Config, tenant: string | undefined): string[] {
  if (!tenant) return [];
  return Object.entries(config.gateway.domains).filter(([, id]) => id === tenant).map(([domain]) => domain);
}

/** Bytes under `paths` with the same skips as readMailSources, for the progress line's ETA. */
async function totalBytes(paths: readonly string[]): Promise<number> {
  let total = 0;
  const visit = async (path: string, root: boolean): Promise<void> => {
    const info = await stat(path);
    if (info.isDirectory()) {
      for (const entry of await readdir(path)) if (!entry.startsWith('.')) await visit(join(path, entry), false);
    } else if (info.isFile() && (root || !/\.(jsonl?|ya?ml|md|gz)$/i.test(path))) total += info.size;
  };
  for (const path of paths) await visit(path, true);
  return total;
}

type Analyse = (raw: Buffer) => Promise<{ result: EngineResult; ms: number }>;

/**
 * Analyses every message; `jobs` > 1 spreads parsing and analysis over worker threads, output stays in input
 * order. Returns the folders among `paths` that held nothing to scan (the caller warns).
 */
async function scanAll(paths: string[], maxBytes: number, jobs: number, analyse: Analyse, emit: (line: Emitted, bytes: number) => void, explain: (result: EngineResult) => ExplainedRule[] | undefined): Promise<string[]> {
  const window: Array<Promise<[Emitted, number]>> = [];
  const limit = jobs * 4;
  const empty: string[] = [];
  for (const root of paths) {
    let found = 0;
    for await (const mail of readMailSources([root], maxBytes)) {
      found++;
      const bytes = mail.raw.length;
      const notEmail = notAnEmailMessage(mail.raw);
      window.push(
        notEmail !== null
          ? Promise.resolve<[Emitted, number]>([{ file: mail.name, not_email: notEmail }, bytes])
          : analyse(mail.raw).then(
              ({ result, ms }): [Emitted, number] => {
                const rules = explain(result);
                return [{ file: mail.name, verdict: result.verdict, score: result.score, confidence: result.confidence, reasons: result.reasons, indicators: result.indicators, ms: Math.round(ms * 100) / 100, ...(rules ? { rules } : {}) }, bytes];
              },
              (error: unknown): [Emitted, number] => [{ file: mail.name, error: inCliWords((error as Error).message) }, bytes],
            ),
      );
      while (window.length >= limit) emit(...(await window.shift()!));
    }
    if (found === 0) empty.push(root);
  }
  while (window.length > 0) emit(...(await window.shift()!));
  return empty;
}

/** One line a person reads on a terminal: verdict, score, file, then the rules or the first reason. */
function humanLine(line: Emitted): string {
  if ('error' in line) return `error       ${line.file}: ${line.error}`;
  if ('not_email' in line) return `not email   ${line.file}: ${line.not_email}`;
  const head = `${line.verdict.padEnd(10)}  ${line.score.toFixed(2)}  ${line.file}`;
  if (line.rules) return [head, ...line.rules.map((r) => `    ${r.id} weight ${r.weight} × strength ${r.strength.toFixed(2)} = ${r.contribution.toFixed(2)}: ${r.reason}`)].join('\n');
  return line.reasons[0] ? `${head}\n    ${line.reasons[0]}` : head;
}

export const scanCommand: CommandHandler = async (argv: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseCommandArgs(argv, options, true);
  // The CLI adds the pointer to --help to every usage error (run.ts): not repeated here.
  if (positionals.length === 0) throw new UsageError('scan needs at least one PATH (an .eml file, a folder or an mbox)');
  const jobs = positiveIntFlag('jobs', values.jobs, 1);
  const paths = positionals.map((p) => resolve(io.cwd, p));
  for (const [i, path] of paths.entries()) {
    try {
      await stat(path);
    } catch {
      throw new UsageError(`PATH not found: ${positionals[i]}`);
    }
  }
  // The loader is imported when the command runs, the engine only where it runs: with --jobs N in the
  // workers alone, never on this thread (docs/performance.md, "Start-up").
  const { loadConfig, loadSecrets } = await import('../../config/loader.js');
  const config = loadConfig({ env: io.env });
  const secrets = loadSecrets(io.env);
  const onDetectorError = (id: string, error: unknown): void => {
    io.stderr.write(`detector ${id} failed: ${String(error)}\n`);
  };
  // The workers build their engines while this thread reads the tenant's lists and walks the input.
  // The feeds are loaded once, before the first message (docs/reputation.md); a feed that fails is a warning.
  const { createReputation } = await import('../../engine/reputation/index.js');
  const reputation = createReputation(config.reputation, { onFeedError: (feed, error) => io.stderr.write(`reputation feed ${feed} not loaded: ${error}\n`) });
  await reputation.feeds.refresh();
  const pool = jobs > 1 ? createEnginePool({ size: jobs, config, secrets, onDetectorError, feeds: reputation.feeds }) : null;
  try {
    // Stored mail cannot be verified any more (the SMTP session is gone): results of your own MTAs count.
    const headerTrust = { trustedIds: config.auth.trusted_authserv_ids.map((id) => id.toLowerCase()), ownId: config.auth.authserv_id.toLowerCase() };
    const ctx: AnalysisContext = { allowList: [], blockList: [], tenantDomains: tenantDomains(config, values.tenant), now: Date.now(), headerTrust };
    if (values.tenant !== undefined) {
      // The tenant's own lists, read once from the store (nothing is written: scan stores no analysis).
      const lists = await withRuntime(io, async (rt) => rt.services.lists.forEngine({ tenant: await tenantOrUsageError(rt, values.tenant!), livemode: true }));
      ctx.allowList = lists.allowList;
      ctx.blockList = lists.blockList;
    }
    const weights = config.engine.weights;
    const explain = (result: EngineResult): ExplainedRule[] | undefined =>
      values.explain ? result.rules.map((r) => ({ id: r.id, weight: weights[r.id] ?? 0, strength: Math.round(r.strength * 1000) / 1000, contribution: Math.round(r.weight * 1000) / 1000, reason: r.reason })) : undefined;
    const human = !values.jsonl && (io.stdout as { isTTY?: boolean }).isTTY === true;
    // The ETA's total costs a stat of every file before the first message: only where a progress line can show.
    const progressShown = (io.stderr as { isTTY?: boolean }).isTTY === true;
    const progress = createProgress({ stream: io.stderr, totalBytes: progressShown ? await totalBytes(paths) : 0 });
    const limits = parseLimitsOf(config.engine);
    const counts: Record<Verdict, number> = { safe: 0, suspicious: 0, phishing: 0 };
    let errors = 0;
    let notEmail = 0;
    let bytesRead = 0;
    const emit = (line: Emitted, bytes: number): void => {
      if ('error' in line) errors++;
      else if ('not_email' in line) notEmail++;
      else counts[line.verdict]++;
      bytesRead += bytes;
      progress.done();
      io.stdout.write(`${human ? humanLine(line) : JSON.stringify(line)}\n`);
      progress.update(counts.safe + counts.suspicious + counts.phishing + errors + notEmail, bytesRead);
    };
    const started = performance.now();
    let emptyFolders: string[];
    if (pool === null) {
      const [{ createEngineFromConfig }, { parseRawMessage }] = await Promise.all([import('../../engine/create.js'), import('../../mail/parse-raw.js')]);
      const engine = createEngineFromConfig(config, { secrets, onDetectorError, reputation });
      emptyFolders = await scanAll(paths, limits.maxMessageBytes, 1, async (raw) => {
        const t0 = performance.now();
        const result = await engine.analyze(await parseRawMessage(raw, limits), ctx);
        return { result, ms: performance.now() - t0 };
      }, emit, explain);
    } else {
      try {
        emptyFolders = await scanAll(paths, limits.maxMessageBytes, jobs, async (raw) => {
          const analysed = await pool.analyzeRaw(raw, ctx);
          return { result: analysed.result, ms: analysed.ms };
        }, emit, explain);
      } finally {
        progress.done();
      }
    }
    progress.done();
    const seconds = (performance.now() - started) / 1000;
    const count = counts.safe + counts.suspicious + counts.phishing;
    const rate = seconds > 0 ? count / seconds : 0;
    for (const folder of emptyFolders) {
      io.stderr.write(`phishgate scan: warning: ${positionals[paths.indexOf(folder)] ?? folder}: no files to scan in this folder (hidden files and .json, .jsonl, .yaml, .yml, .md, .gz files are skipped)\n`);
    }
    io.stderr.write(
      `scanned ${count} message${count === 1 ? '' : 's'} in ${seconds.toFixed(2)} s (${rate.toFixed(1)} messages/s, ${jobs} job${jobs === 1 ? '' : 's'}): safe ${counts.safe}, suspicious ${counts.suspicious}, phishing ${counts.phishing}${notEmail ? `; not an email message ${notEmail}` : ''}${errors ? `; not analysed ${errors}` : ''}\n`,
    );
    // A file that is not a message could not be analysed either: exit 1, as before, so scripts notice it.
    return errors > 0 || notEmail > 0 ? 1 : 0;
  } finally {
    await pool?.close();
  }
};

export const scanSpec: CommandSpec = {
  name: 'scan',
  summary: 'analyse .eml files, folders (recursive) and mbox files offline, storing nothing',
  args: 'PATH…',
  options,
  details: [
    'Prints one JSON object per message: { "file", "verdict", "score", "confidence", "reasons", "indicators", "ms" } (with --explain also "rules"); on a terminal without --jsonl, one readable line per message instead.',
    'A file that is not an email message (empty, binary, an image, text without header fields) is not analysed: its line is { "file", "not_email": "<why>" }, and the summary counts it apart. Header-only messages, messages without a body, mbox files, CRLF and LF line ends and a leading UTF-8 byte order mark are analysed.',
    'A summary (count, verdicts, files that are not email messages, messages/s) goes to stderr, after a warning for each folder that held no files to scan; on a terminal, long scans also show a progress line (count, rate, ETA). Exit 1 when a file could not be analysed or is not an email message.',
  ],
  examples: ['phishgate scan ~/Maildir/cur --jobs 2 --explain', 'phishgate scan suspicious.eml --tenant tn_… --explain'],
  run: scanCommand,
};
