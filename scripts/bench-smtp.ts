/**
 * npm run bench:smtp [-- --sessions 20 --messages 3000 --rate 200 --size 20000 --db URL --cpu-prof DIR --dnsbl off|answer|silent]
 *
 * Messages/s through the SMTP content filter and the latency it adds (docs/smtp-filter.md). Starts a real
 * `phishgate serve` child process (SQLite in a temp dir unless --db is given) whose relay points at a
 * counting SMTP sink in this process, then sends ~20 KB multipart messages over `--sessions`
 * persistent SMTP sessions (as Postfix's `scan` transport does with its connection cache):
 *   1. straight to the sink (baseline), 2. through phishgate to the sink;
 * each with one session (latency without any queueing), with `--sessions` sending as fast as they can
 * (throughput; latency there is mostly waiting, by Little's law), and with `--sessions` offering
 * `--rate` messages/s in total (the added latency at the target load).
 * Every message is analysed, stored and tagged (safe → tag), exactly as in production.
 * Rows through phishgate also give its CPU time per message (all threads, and its main thread alone,
 * from /proc): on a shared machine these move much less than messages/s. The load average is printed.
 * `--dnsbl answer|silent` enables the DNS block lists (docs/reputation.md "Cost") against a loopback DNS
 * server that answers every query (NXDOMAIN: not listed) or never answers; each message then carries a
 * link to a domain of its own, so its lookups are new and not answered from the cache.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { processCpu, runPhishgate, startBenchServer } from './bench-support.js';
import { startStubDnsServer, type StubDnsServer } from '../test/support/stub-dns.js';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '20' },
    messages: { type: 'string', default: '3000' },
    rate: { type: 'string', default: '200' },
    size: { type: 'string', default: '20000' },
    db: { type: 'string' },
    /** Write a CPU profile of the phishgate process to this directory (node --cpu-prof). */
    'cpu-prof': { type: 'string' },
    dnsbl: { type: 'string', default: 'off' },
  },
});
if (!['off', 'answer', 'silent'].includes(values.dnsbl!)) throw new Error('--dnsbl must be off, answer or silent');
const DNSBL = values.dnsbl !== 'off';
const SESSIONS = Number(values.sessions);
const MESSAGES = Number(values.messages);
const SIZE = Number(values.size);
const RATE = Number(values.rate);

/** A typical newsletter-like message: multipart/alternative, text and HTML with links, about `size` bytes. */
function message(n: number, size: number): Buffer {
  const paragraph = 'Our quarterly update: new features, fixes and a look at what is coming next. Read more on our site. ';
  const filler = (bytes: number) => paragraph.repeat(Math.ceil(bytes / paragraph.length)).slice(0, bytes).replace(/(.{76})/g, '$1\r\n');
  const head = [
    'Received: from mail.vendor.example (mail.vendor.example [192.0.2.25])\r\n\tby mx.acme.test (Postfix) with ESMTPS id 4Q1x2y3z4; Sat, 21 Nov 2026 10:00:00 +0000',
    'Authentication-Results: mx.acme.test; spf=pass smtp.mailfrom=vendor.example; dkim=pass header.d=vendor.example; dmarc=pass',
    'From: Vendor News <news@vendor.example>',
    'To: alice@acme.test',
    `Subject: Quarterly update #${n}`,
    `Message-ID: <bench-${n}-${process.pid}@vendor.example>`,
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b1"',
  ].join('\r\n');
  const text = filler(Math.floor(size * 0.44));
  // With --dnsbl, a shop's link of the message's own: two new block-list lookups (DBL, SURBL) per message.
  const shop = DNSBL ? `https://shop-${n}.example/offer` : '';
  const html = `<html><body><p>${filler(Math.floor(size * 0.48))}</p><p><a href="https://www.vendor.example/news/${n}">Read more</a> · <a href="https://www.vendor.example/unsubscribe">Unsubscribe</a>${shop ? ` · <a href="${shop}">Offer</a>` : ''}</p></body></html>`;
  return Buffer.from(`${head}\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\nhttps://www.vendor.example/news/${n}${shop ? `\r\n${shop}` : ''}\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n--b1--\r\n`);
}

async function startSink(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        count++;
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as { port: number }).port, count: () => count, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function connect(port: number): Promise<SMTPConnection> {
  const conn = new SMTPConnection({ host: '127.0.0.1', port, ignoreTLS: true, name: 'mx.acme.test', logger: false });
  return new Promise((resolve, reject) => {
    conn.once('error', reject);
    conn.connect(() => {
      // Like Postfix's SMTP client: no Nagle delay on the final small write of each message.
      if (conn._socket) conn._socket.setNoDelay(true);
      resolve(conn);
    });
  });
}

const send = (conn: SMTPConnection, raw: Buffer): Promise<void> =>
  new Promise((resolve, reject) => conn.send({ from: 'news@vendor.example', to: ['alice@acme.test'] }, raw, (error) => (error ? reject(error) : resolve())));

interface Run {
  scenario: string;
  sessions: number;
  messages: number;
  'messages/s': number;
  'p50 ms': number;
  'p90 ms': number;
  'p99 ms': number;
  /** phishgate's CPU per message, all threads and its main thread (empty for the sink's rows). */
  'cpu ms/msg': number | string;
  'main ms/msg': number | string;
}

/** The phishgate process whose CPU time the rows through it report (set once it runs). */
let servePid: number | null = null;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `messages` messages over `sessions` persistent sessions, as fast as possible or paced at `rate`
 * messages/s in total; each message's latency is MAIL FROM sent → final reply to DATA.
 */
async function drive(scenario: string, port: number, sessions: number, messages: number, offset: number, rate?: number, pid: number | null = null): Promise<Run> {
  const conns = await Promise.all(Array.from({ length: sessions }, () => connect(port)));
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = pid ? processCpu(pid) : null;
  const started = performance.now();
  await Promise.all(
    conns.map(async (conn) => {
      while (next < messages) {
        const n = next++;
        const raw = message(offset + n, SIZE);
        if (rate) await sleep(started + (n * 1000) / rate - performance.now());
        const t0 = performance.now();
        await send(conn, raw);
        latencies.push(performance.now() - t0);
      }
      conn.quit();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu1 = pid ? processCpu(pid) : null;
  const perMessage = (a: number | undefined, b: number | undefined): number | string => (a === undefined || b === undefined ? '' : round(((b - a) * 1000) / messages));
  latencies.sort((a, b) => a - b);
  return {
    scenario: rate ? `${scenario}, ${rate} msg/s offered` : scenario,
    sessions,
    messages,
    'messages/s': Math.round(messages / seconds),
    'p50 ms': round(percentile(latencies, 50)),
    'p90 ms': round(percentile(latencies, 90)),
    'p99 ms': round(percentile(latencies, 99)),
    'cpu ms/msg': perMessage(cpu0?.total, cpu1?.total),
    'main ms/msg': perMessage(cpu0?.main, cpu1?.main),
  };
}

async function startServe(env: NodeJS.ProcessEnv): Promise<{ smtp: string; stop: () => Promise<void> }> {
  const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const server = await startBenchServer(env, profile);
  servePid = server.pid;
  return { smtp: server.addresses.smtp!, stop: server.stop };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-bench-smtp-'));
  const sink = await startSink();
  const configFile = join(dir, 'bench.yaml');
  const env: NodeJS.ProcessEnv = { PHISHGATE_DB: values.db ?? join(dir, 'phishgate.db'), PHISHGATE_CONFIG: configFile, PHISHGATE_HTTP_PORT: '0', PHISHGATE_SMTP_PORT: '0', PHISHGATE_RELAY: `127.0.0.1:${sink.port}` };
  writeFileSync(configFile, '{}');
  const tenant = JSON.parse((await runPhishgate(['tenant', 'create', '--name', 'bench', '--plan', 'enterprise'], env)).stdout);
  const dns: StubDnsServer | null = DNSBL ? await startStubDnsServer({}, values.dnsbl === 'silent' ? { silent: true } : {}) : null;
  const reputation = dns
    ? { dnsbl: { enabled: true, servers: [dns.address], zones: [{ zone: 'dbl.spamhaus.org', type: 'domain', codes: 'spamhaus_dbl' }, { zone: 'multi.surbl.org', type: 'domain', codes: 'surbl' }] } }
    : {};
  writeFileSync(configFile, JSON.stringify({ log: { level: 'warn' }, milter: { enabled: false }, gateway: { default_tenant: tenant.id }, smtp: { max_sessions: 200, relay_pool_size: Math.max(5, SESSIONS) }, reputation }));
  // The listening line is logged at info; keep the rest of the run at warn.
  const serve = await startServe({ ...env, PHISHGATE_LOG_LEVEL: 'info' });
  const door = Number(serve.smtp.split(':').pop());
  try {
    // Warm-up (JIT, SQLite page cache, pooled relay connections) is not measured.
    await drive('warm-up', door, SESSIONS, Math.min(500, MESSAGES), 1_000_000);
    await drive('warm-up', sink.port, SESSIONS, Math.min(500, MESSAGES), 2_000_000);
    const latencyCount = Math.max(200, Math.floor(MESSAGES / 5));
    const load = loadavg()[0]!;
    const rows = [
      await drive('straight to the sink', sink.port, 1, latencyCount, 0),
      await drive('through phishgate', door, 1, latencyCount, 10_000_000, undefined, servePid),
      await drive('straight to the sink', sink.port, SESSIONS, MESSAGES, 20_000_000),
      await drive('through phishgate', door, SESSIONS, MESSAGES, 30_000_000, undefined, servePid),
      await drive('straight to the sink', sink.port, SESSIONS, latencyCount * 2, 40_000_000, RATE),
      await drive('through phishgate', door, SESSIONS, latencyCount * 2, 50_000_000, RATE, servePid),
    ];
    console.log(`message size: ${message(0, SIZE).length} bytes, database: ${values.db ? values.db.replace(/:[^:@/]*@/, ':***@') : 'SQLite (temp file)'}, sink received: ${sink.count()}, load average (1 min) ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
    console.table(rows);
    const added = (a: number, b: number) => round(rows[b]!['p50 ms'] - rows[a]!['p50 ms']);
    console.log(`added latency at p50: ${added(0, 1)} ms (1 session), ${added(4, 5)} ms (${SESSIONS} sessions, ${RATE} msg/s offered), ${added(2, 3)} ms (${SESSIONS} sessions flat out)`);
    const through = rows.filter((r) => r.scenario.startsWith('through'));
    console.log(
      `cost per message through phishgate, --dnsbl ${values.dnsbl}: ${through.map((r) => `${r['cpu ms/msg']} ms CPU (${r.sessions} session${r.sessions === 1 ? '' : 's'}${r.scenario.includes('offered') ? `, ${RATE} msg/s offered` : ''})`).join(', ')}` +
        (dns ? `; block-list queries the DNS server saw: ${dns.queries.length} (${values.dnsbl === 'silent' ? 'none answered' : 'all answered'})` : ''),
    );
  } finally {
    await dns?.close();
    await serve.stop();
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
