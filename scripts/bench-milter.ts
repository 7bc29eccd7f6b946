/**
 * `npm run bench:milter` — messages/s through the milter door and latency per message (goal in docs/milter.md:
 * ≥ 300 messages/s). A local milter client plays Postfix's sequence (negotiation, macros, pipelined
 * no-reply steps, the verdict round trip, two ABORTs) over 20 concurrent connections, from a child
 * process so that it does not share the door's event loop (Postfix would not either).
 *
 *   npm run bench:milter -- [--messages 4000] [--connections 20] [--warmup 300] [--size 20000] [--workers] [--json]
 *
 * `--workers` parses and analyses in the worker-thread pool as `phishgate serve` does; without it, on
 * the door's own thread (the CLI's way). The door's CPU time per message (whole process, and its main
 * thread alone, from /proc) is printed with the load average: on a shared machine it moves much less
 * than messages/s.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../src/config/loader.js';
import type { Config } from '../src/config/schema.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Gateway } from '../src/core/gateway.js';
import { createRuntime, createRuntimeGateway } from '../src/main.js';
import { MilterClient, type ClientMessage } from '../src/milter/client.js';
import { createMilterServer } from '../src/milter/server.js';
import { processCpu } from './bench-support.js';

interface Options {
  messages: number;
  connections: number;
  warmup: number;
  size: number;
  json: boolean;
  workers: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { messages: 4000, connections: 20, warmup: 300, size: 20_000, json: false, workers: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--workers') options.workers = true;
    else if (['--messages', '--connections', '--warmup', '--size'].includes(arg)) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} needs a whole number`);
      options[arg.slice(2) as 'messages' | 'connections' | 'warmup' | 'size'] = value;
    } else throw new Error(`unknown argument ${arg} (see the header of scripts/bench-milter.ts)`);
  }
  return options;
}

/**
 * The full gateway as `serve` builds it: tenant routing, the real parser and engine, every analysis stored
 * in a SQLite file (a temporary one), lists and hooks included. Phishing is held (quarantine_mode hold), so
 * nothing is written to the quarantine store.
 */
async function createBenchGateway(config: Config, workers: boolean): Promise<{ gateway: Gateway; close: () => Promise<void> }> {
  const runtime = await createRuntime(config, pino({ level: 'silent' }), undefined, { workers });
  const tenant = await runtime.services.tenants.create({ name: 'bench', planCode: 'enterprise' });
  const gateway = createRuntimeGateway(
    { ...runtime, config: { ...config, gateway: { ...config.gateway, default_tenant: tenant.id } } },
    { store: async () => Promise.reject(new Error('the benchmark holds phishing; it never stores it')) },
  );
  return {
    gateway,
    close: async () => {
      await runtime.analysis.close();
      await runtime.store.close();
    },
  };
}

/** ~`size`-byte multipart messages; every fourth one carries phishing traits (IP-host links, urgency). */
function makeMessages(count: number, size: number): ClientMessage[] {
  const words = 'invoice meeting quarterly report shipment account team schedule review budget project update office delivery'.split(' ');
  const out: ClientMessage[] = [];
  for (let i = 0; i < count; i++) {
    const phish = i % 4 === 0;
    const link = phish ? `http://198.51.100.${i % 250}/login/verify?id=${i}` : `https://www.example.com/docs/${i}`;
    const para = (k: number) => Array.from({ length: 40 }, (_, j) => words[(i + j * k) % words.length]).join(' ');
    let text = phish ? 'URGENT: your account will be suspended within 24 hours. Verify your password now.\r\n' : 'Hello team,\r\n';
    let html = `<html><body><p>${phish ? 'Your account is locked. <a href="' + link + '">Sign in to verify</a>' : 'Hello team, see <a href="' + link + '">the document</a>.'}</p>`;
    for (let k = 1; text.length + html.length < size * 0.93; k++) {
      text += `${para(k)}\r\n`;
      html += `<p>${para(k + 7)}</p>\r\n`;
    }
    html += '</body></html>\r\n';
    const boundary = `b${i}`;
    const body = [
      `--${boundary}`, 'Content-Type: text/plain; charset=utf-8', '', text,
      `--${boundary}`, 'Content-Type: text/html; charset=utf-8', '', html,
      `--${boundary}--`, '',
    ].join('\r\n');
    out.push({
      mailFrom: phish ? `security@paypa1-support${i}.test` : `colleague${i}@sender.test`,
      rcptTo: [`user${i % 50}@rcpt.test`],
      headers: [
        ['Received', `from mail${i}.sender.test (mail${i}.sender.test [192.0.2.${i % 250}])\n\tby mx.rcpt.test with ESMTPS id Q${i}`],
        ['Authentication-Results', `mx.rcpt.test; spf=${phish ? 'fail' : 'pass'} smtp.mailfrom=sender.test; dkim=${phish ? 'none' : 'pass'} header.d=sender.test`],
        ['From', phish ? `"PayPal Security" <security@paypa1-support${i}.test>` : `Colleague ${i} <colleague${i}@sender.test>`],
        ['To', `user${i % 50}@rcpt.test`],
        ['Subject', phish ? 'Action required: verify your account' : `Quarterly report ${i}`],
        ['Message-ID', `<bench-${i}@sender.test>`],
        ['Date', 'Sat, 21 Nov 2026 10:00:00 +0000'],
        ['MIME-Version', '1.0'],
        ['Content-Type', `multipart/alternative; boundary="${boundary}"`],
      ],
      body,
      macros: { T: [['i', `Q${i.toString(16).toUpperCase()}`]], E: [['i', `Q${i.toString(16).toUpperCase()}`]] },
    });
  }
  return out;
}

interface ClientReport {
  latenciesMs: number[];
  elapsedMs: number;
  finals: Record<string, number>;
  bytes: number;
}

function unique(message: ClientMessage, n: number): ClientMessage {
  return { ...message, headers: message.headers.map(([name, value]) => (name === 'Message-ID' ? [name, `<bench-${n}-${process.pid}@sender.test>`] : [name, value])) };
}

/** Worker side: `connections` milter connections, each sending its share of messages back to back. */
async function runClients(port: number, options: Options): Promise<ClientReport> {
  const messages = makeMessages(Math.min(options.messages, 200), options.size);
  const bytes = messages.reduce((sum, m) => sum + (typeof m.body === 'string' ? m.body.length : m.body.length), 0) / messages.length;
  const clients = await Promise.all(
    Array.from({ length: options.connections }, async (_, c) => {
      const client = await MilterClient.connect({ host: '127.0.0.1', port });
      await client.open({ hostname: `[192.0.2.${c}]`, address: `192.0.2.${c}`, port: 40000 + c, helo: `client${c}.test` });
      return client;
    }),
  );
  const finals: Record<string, number> = {};
  let sent = 0;
  const drive = async (total: number, record: number[] | null): Promise<void> => {
    let next = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (next < total) {
          // A Message-ID of its own for every message sent: a repeated one would be an MTA retry, answered
          // with the analysis already stored (docs/security.md "Faults and retries") without analysing again.
          const message = unique(messages[next++ % messages.length]!, sent++);
          const started = performance.now();
          const result = await client.send(message);
          if (record) {
            record.push(performance.now() - started);
            finals[result.final.kind] = (finals[result.final.kind] ?? 0) + 1;
          }
        }
      }),
    );
  };
  await drive(options.warmup, null);
  // The door's process reads its CPU time when the measured part starts (and again at the report).
  await new Promise<void>((resolve) => process.send!({ timed: true }, () => resolve()));
  const latenciesMs: number[] = [];
  const started = performance.now();
  await drive(options.messages, latenciesMs);
  const elapsedMs = performance.now() - started;
  await Promise.all(clients.map((client) => client.quit()));
  return { latenciesMs, elapsedMs, finals, bytes };
}

function perMessage(a: { main: number; total: number } | null, b: { main: number; total: number } | null, which: 'main' | 'total', messages: number): number | null {
  return a && b ? Number((((b[which] - a[which]) * 1000) / messages).toFixed(2)) : null;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-bench-milter-'));
  const config = loadConfig({ env: {}, overrides: { milter: { port: 0, host: '127.0.0.1', quarantine_mode: 'hold' }, database: { url: join(dir, 'bench.db') } } });
  const bench = await createBenchGateway(config, options.workers);
  const server = createMilterServer({ config, gateway: bench.gateway, logger: pino({ level: 'silent' }) });
  const { port } = await server.listen();
  // The client side is this same file in a child process (fork keeps tsx's loader flags).
  const child = fork(fileURLToPath(import.meta.url), ['--client', String(port), JSON.stringify(options)]);
  let cpuAtStart: { main: number; total: number } | null = null;
  const loadAtStart = loadavg()[0]!;
  const report = await new Promise<ClientReport>((resolve, reject) => {
    child.on('message', (message) => {
      if ((message as { timed?: boolean }).timed) cpuAtStart = processCpu(process.pid);
      else resolve(message as ClientReport);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`benchmark client exited with code ${code}`)));
  });
  const cpuAtEnd = processCpu(process.pid);
  await server.close({ graceMs: 1000 });
  await bench.close();
  rmSync(dir, { recursive: true, force: true });
  const sorted = [...report.latenciesMs].sort((a, b) => a - b);
  const result = {
    messages: report.latenciesMs.length,
    connections: options.connections,
    avgBodyBytes: Math.round(report.bytes),
    seconds: Number((report.elapsedMs / 1000).toFixed(2)),
    messagesPerSecond: Math.round(report.latenciesMs.length / (report.elapsedMs / 1000)),
    latencyMs: { p50: Number(percentile(sorted, 50).toFixed(1)), p95: Number(percentile(sorted, 95).toFixed(1)), p99: Number(percentile(sorted, 99).toFixed(1)), max: Number((sorted.at(-1) ?? NaN).toFixed(1)) },
    finalReplies: report.finals,
    door: server.stats().outcomes,
    // The door's process (main thread and, with --workers, the pool) per message of the measured part.
    cpuMsPerMessage: perMessage(cpuAtStart, cpuAtEnd, 'total', report.latenciesMs.length),
    mainThreadCpuMsPerMessage: perMessage(cpuAtStart, cpuAtEnd, 'main', report.latenciesMs.length),
    loadAverage: [Number(loadAtStart.toFixed(1)), Number(loadavg()[0]!.toFixed(1))],
  };
  if (options.json) console.log(JSON.stringify(result));
  else {
    console.log(`milter door (${options.workers ? `worker pool of ${config.engine.workers.size || availableParallelism()}` : "analysis on the door's thread"}): ${result.messages} messages (~${result.avgBodyBytes} B body each) over ${result.connections} connections in ${result.seconds} s`);
    console.log(`  throughput: ${result.messagesPerSecond} messages/s (goal ≥ 300)`);
    console.log(`  latency per message: p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`);
    console.log(`  final replies: ${JSON.stringify(result.finalReplies)}; door outcomes: ${JSON.stringify(result.door)}`);
    console.log(`  CPU per message: ${result.cpuMsPerMessage} ms (main thread ${result.mainThreadCpuMsPerMessage} ms); load average ${result.loadAverage.join(' → ')}`);
  }
}

if (process.argv[2] === '--client') {
  runClients(Number(process.argv[3]), JSON.parse(process.argv[4]!) as Options).then(
    (report) => process.send!(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
