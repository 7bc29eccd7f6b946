import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig, loadSecrets } from '../../config/loader.js';
import type { Config } from '../../config/schema.js';
import type { EngineResult, Verdict } from '../../core/analysis.js';
import { createEngineFromConfig } from '../../engine/create.js';
import { parseLimitsOf } from '../../engine/limits.js';
import type { AnalysisContext } from '../../engine/types.js';
import { createEnginePool } from '../../engine/worker-pool.js';
import { readMailSources } from '../../mail/mail-source.js';
import { parseRawMessage } from '../../mail/parse-raw.js';
import { parseCommandArgs, positiveIntFlag, UsageError, type CliIo, type CommandHandler } from '../io.js';

const USAGE = 'usage: phishgate scan PATH… [--tenant ID] [--jobs N] [--jsonl]';

/** One output line (contract §2). */
interface ScanLine {
  file: string;
  verdict: Verdict;
  score: number;
  confidence: number;
  reasons: string[];
  indicators: EngineResult['indicators'];
  ms: number;
}

/**
 * `--tenant` has no store to read lists from offline; its one offline meaning is the tenant's domains as
 * configured for the gateway (`gateway.domains`: domain → tenant id), which feed the look-alike and
 * "your own domain" rules.
 */
function tenantDomains(config: Config, tenant: string | undefined): string[] {
  if (!tenant) return [];
  return Object.entries(config.gateway.domains).filter(([, id]) => id === tenant).map(([domain]) => domain);
}

type Analyse = (raw: Buffer) => Promise<{ result: EngineResult; ms: number }>;

/** Analyses every message; `jobs` > 1 spreads parsing and analysis over worker threads, output stays in input order. */
async function scanAll(paths: string[], maxBytes: number, jobs: number, analyse: Analyse, emit: (line: ScanLine | { file: string; error: string }) => void): Promise<void> {
  const window: Array<Promise<ScanLine | { file: string; error: string }>> = [];
  const limit = jobs * 4;
  for await (const mail of readMailSources(paths, maxBytes)) {
    window.push(
      analyse(mail.raw).then(
        ({ result, ms }) => ({ file: mail.name, verdict: result.verdict, score: result.score, confidence: result.confidence, reasons: result.reasons, indicators: result.indicators, ms: Math.round(ms * 100) / 100 }),
        (error: unknown) => ({ file: mail.name, error: (error as Error).message }),
      ),
    );
    while (window.length >= limit) emit(await window.shift()!);
  }
  while (window.length > 0) emit(await window.shift()!);
}

export const scanCommand: CommandHandler = async (argv: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseCommandArgs(argv, { tenant: { type: 'string' }, jobs: { type: 'string' }, jsonl: { type: 'boolean' } }, true);
  if (positionals.length === 0) throw new UsageError(`scan needs at least one PATH (an .eml file, a folder or an mbox); ${USAGE}`);
  const jobs = positiveIntFlag('jobs', values.jobs, 1);
  const paths = positionals.map((p) => resolve(io.cwd, p));
  for (const [i, path] of paths.entries()) {
    try {
      await stat(path);
    } catch {
      throw new UsageError(`PATH not found: ${positionals[i]}`);
    }
  }
  const config = loadConfig({ env: io.env });
  const secrets = loadSecrets(io.env);
  // Stored mail cannot be verified any more (the SMTP session is gone): results of your own MTAs count.
  const headerTrust = { trustedIds: config.auth.trusted_authserv_ids.map((id) => id.toLowerCase()), ownId: config.auth.authserv_id.toLowerCase() };
  const ctx: AnalysisContext = { allowList: [], blockList: [], tenantDomains: tenantDomains(config, values.tenant), now: Date.now(), headerTrust };
  const limits = parseLimitsOf(config.engine);
  const onDetectorError = (id: string, error: unknown): void => {
    io.stderr.write(`detector ${id} failed: ${String(error)}\n`);
  };
  const counts: Record<Verdict, number> = { safe: 0, suspicious: 0, phishing: 0 };
  let errors = 0;
  const emit = (line: ScanLine | { file: string; error: string }): void => {
    if ('error' in line) errors++;
    else counts[line.verdict]++;
    io.stdout.write(`${JSON.stringify(line)}\n`);
  };
  const started = performance.now();
  if (jobs === 1) {
    const engine = createEngineFromConfig(config, { secrets, onDetectorError });
    await scanAll(paths, limits.maxMessageBytes, 1, async (raw) => {
      const t0 = performance.now();
      const result = await engine.analyze(await parseRawMessage(raw, limits), ctx);
      return { result, ms: performance.now() - t0 };
    }, emit);
  } else {
    const pool = createEnginePool({ size: jobs, config, secrets, onDetectorError });
    try {
      await scanAll(paths, limits.maxMessageBytes, jobs, async (raw) => {
        const analysed = await pool.analyzeRaw(raw, ctx);
        return { result: analysed.result, ms: analysed.ms };
      }, emit);
    } finally {
      await pool.close();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const count = counts.safe + counts.suspicious + counts.phishing;
  const rate = seconds > 0 ? count / seconds : 0;
  io.stderr.write(`scanned ${count} message${count === 1 ? '' : 's'} in ${seconds.toFixed(2)} s (${rate.toFixed(1)} messages/s, ${jobs} job${jobs === 1 ? '' : 's'}): safe ${counts.safe}, suspicious ${counts.suspicious}, phishing ${counts.phishing}${errors ? `, not analysed ${errors}` : ''}\n`);
  return errors > 0 ? 1 : 0;
};
