import dns from 'node:dns';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import type { EngineResult } from '../../src/core/analysis.js';
import { domainOf, type NormalizedMessage } from '../../src/core/message.js';
import { loadConfiguredModel } from '../../src/engine/classifier/stage.js';
import { createEngineFromConfig } from '../../src/engine/create.js';
import { createEngine } from '../../src/engine/engine.js';
import { createReputation } from '../../src/engine/reputation/index.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';
import { combineFacts } from '../../src/mail/auth-combine.js';
import { headerAuth } from '../../src/mail/auth-headers.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { startStubDnsServer, type StubDnsServer } from '../support/stub-dns.js';

/**
 * "`npm run eval` is unchanged with reputation off (the default)" (docs/reputation.md), checked:
 * `npm run eval` (scripts/eval.ts) measures the content engine, `createEngine` with the configured model and
 * no reputation rule. `serve` and `scan` build theirs with `createEngineFromConfig` from the whole
 * configuration. With the shipped configuration every reputation source is off, and on every message of the
 * fixture corpus (test/fixtures/eml, 470-odd messages in seven languages) the engine `serve` builds — in
 * process and in its worker threads — gives exactly the result of eval's engine and of an engine with no
 * reputation section at all, and sends no DNS query.
 */
const dir = fileURLToPath(new URL('../fixtures/eml/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2024-03-15T00:00:00Z') };
// As test/engine/fixtures.test.ts: the fixtures' Authentication-Results came from the tenant's own MTAs.
const trust = { trustedIds: ['mx.example.com', 'mx.example.org'], ownId: 'phishgate' };

const defaults = loadConfig({ env: {} });
let messages: Array<{ file: string; message: NormalizedMessage; ctx: typeof ctx & { authentication: ReturnType<typeof combineFacts> } }>;
let evalResults: EngineResult[];

beforeAll(async () => {
  messages = [];
  for (const file of files) {
    const message = await parseRawMessage(readFileSync(join(dir, file)));
    const authentication = combineFacts({ verified: null, header: headerAuth(message.headers, trust), fromDomain: domainOf(message.from?.address) });
    messages.push({ file, message, ctx: { ...ctx, authentication } });
  }
  // Exactly what scripts/eval.ts builds without --cv: the engine section, the configured model.
  const evalEngine = createEngine({ config: defaults.engine, classifier: loadConfiguredModel(defaults.engine) });
  evalResults = [];
  for (const m of messages) evalResults.push(await evalEngine.analyze(m.message, m.ctx));
}, 240_000);

/** Every Resolver method that could send a query, in this thread (the worker threads are checked below). */
const RESOLVE = ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveTxt', 'resolveMx', 'resolveNs', 'resolvePtr', 'resolveCname', 'reverse'] as const;
function spyOnDns(): () => number {
  const spies = [dns.promises.Resolver.prototype, dns.Resolver.prototype, dns.promises, dns].flatMap((target) =>
    RESOLVE.filter((m) => typeof (target as unknown as Record<string, unknown>)[m] === 'function').map((m) => vi.spyOn(target as unknown as Record<string, () => unknown>, m)),
  );
  return () => spies.reduce((n, s) => n + s.mock.calls.length, 0);
}
afterEach(() => vi.restoreAllMocks());

describe('reputation off by default: the verdicts are those npm run eval measures', () => {
  it('the shipped configuration enables no source and registers no rule', () => {
    expect(files.length).toBeGreaterThan(400);
    expect(defaults.reputation.dnsbl.enabled).toBe(false);
    expect(defaults.reputation.dnsbl.zones).toEqual([]);
    expect(defaults.reputation.feeds).toEqual([]);
    expect(defaults.reputation.history.enabled).toBe(false);
    const reputation = createReputation(defaults.reputation);
    expect(reputation.rules).toEqual([]);
    expect(reputation.status()).toEqual({ zones: [], feeds: [] });
  });

  it('in process: the default configuration\'s engine and one without a reputation section equal eval\'s on every fixture, with no DNS query', async () => {
    const queries = spyOnDns();
    const served = createEngineFromConfig(defaults);
    const absent = createEngineFromConfig({ engine: defaults.engine, llm: defaults.llm });
    const differ: string[] = [];
    for (const [i, m] of messages.entries()) {
      const a = await served.analyze(m.message, m.ctx);
      const b = await absent.analyze(m.message, m.ctx);
      if (JSON.stringify(a) !== JSON.stringify(evalResults[i]) || JSON.stringify(b) !== JSON.stringify(evalResults[i])) differ.push(m.file);
    }
    expect(differ).toEqual([]);
    expect(queries()).toBe(0);
    // The check can fail: with a block list enabled the same spy sees the lookups.
    const dnsServer = await startStubDnsServer({});
    try {
      const on = createEngineFromConfig(loadConfig({ env: {}, overrides: { reputation: { dnsbl: { enabled: true, servers: [dnsServer.address], zones: [{ zone: 'dbl.spamhaus.org', type: 'domain', codes: 'spamhaus_dbl' }] } } } }));
      await on.analyze(messages[0]!.message, messages[0]!.ctx);
      expect(queries()).toBeGreaterThan(0);
    } finally {
      await dnsServer.close();
    }
  }, 240_000);
});

describe('reputation off in serve\'s worker threads', () => {
  let stub: StubDnsServer;
  beforeAll(async () => {
    stub = await startStubDnsServer({});
  });
  afterAll(() => stub.close());

  it('zones named but dnsbl.enabled false: the workers send nothing and give eval\'s results', async () => {
    // The workers build their engine from this config (src/engine/worker.ts); any lookup would reach the stub.
    const config = loadConfig({ env: {}, overrides: { reputation: { dnsbl: { servers: [stub.address], zones: [{ zone: 'zen.spamhaus.org', type: 'ip', codes: 'spamhaus_zen' }, { zone: 'dbl.spamhaus.org', type: 'domain', codes: 'spamhaus_dbl' }] } } } });
    const reputation = createReputation(config.reputation);
    const pool = createEnginePool({ size: 1, config: { engine: config.engine, llm: config.llm, reputation: config.reputation }, feeds: reputation.feeds });
    try {
      // The content engine eval measures, on the same messages.
      const content = createEngine({ config: config.engine, classifier: loadConfiguredModel(config.engine) });
      const differ: string[] = [];
      for (const m of messages) {
        // With a client address, as the mail doors set it: the IP zone would be asked first.
        const message = { ...m.message, envelope: { mailFrom: m.message.from?.address ?? null, rcptTo: [], clientAddress: '192.0.2.7' } };
        const result = await pool.engine.analyze(message, m.ctx);
        if (JSON.stringify(result) !== JSON.stringify(await content.analyze(message, m.ctx))) differ.push(m.file);
      }
      expect(differ).toEqual([]);
      expect(stub.queries).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 240_000);
});
