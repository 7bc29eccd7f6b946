import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { IN_FLIGHT_PER_WORKER, createEnginePool, type EnginePool } from '../../src/engine/worker-pool.js';
import { startStubDnsServer, type StubDnsServer } from '../support/stub-dns.js';

/**
 * A worker does not sit idle while a message waits on its block-list lookups (docs/performance.md,
 * "Messages waiting on lookups"): against a loopback DNS server that never answers, a pool of one worker
 * has every message's lookups out before the first of them ends at the lookups' deadline. Served one at a
 * time, the second message would only be asked after the first one's deadline: one message per delay.
 * Nothing is timed: the assertions are on which queries the server saw when the first answer came.
 */
const MESSAGES = 8;
const ZONE = 'dbl.spamhaus.org';
const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2026-12-06T00:00:00Z') };
const mail = (i: number) =>
  Buffer.from(`From: Notice <notice@sender-${i}.test>\r\nTo: anna@example.com\r\nSubject: Report ${i}\r\n\r\nHello Anna,\r\n\r\nthe report is at https://wait-${i}.test/report\r\n`);

let dns: StubDnsServer;
let pool: EnginePool;
beforeAll(async () => {
  const silent = Array.from({ length: MESSAGES + 1 }, (_, i) => [`wait-${i}.test.${ZONE}`, `sender-${i}.test.${ZONE}`]).flat();
  dns = await startStubDnsServer({}, { silent });
  const config = loadConfig({
    env: {},
    overrides: {
      reputation: {
        // A failure count that never skips the zone: every message waits its full lookup deadline.
        dnsbl: { enabled: true, servers: [dns.address], timeout_ms: 1500, skip_after_failures: 1000, zones: [{ zone: ZONE, type: 'domain', codes: 'spamhaus_dbl' }] },
      },
    },
  });
  pool = createEnginePool({ size: 1, config, deadlineMs: 20_000 });
  await vi.waitFor(() => expect(pool.readyWorkers).toBe(1), { timeout: 60_000, interval: 20 });
  // Warm the worker up (first analysis loads the model) on a message of its own.
  await pool.analyzeRaw(mail(MESSAGES), ctx);
});
afterAll(async () => {
  await pool?.close();
  await dns?.close();
});

const asked = (i: number) => dns.queries.includes(`A wait-${i}.test.${ZONE}`);

describe('a worker whose messages wait on block-list lookups', () => {
  it('starts the next messages while the first waits: all lookups are out before the first answer', async () => {
    expect(MESSAGES).toBeLessThanOrEqual(IN_FLIGHT_PER_WORKER);
    let askedAtFirstAnswer: boolean[] | null = null;
    const answers = Array.from({ length: MESSAGES }, (_, i) =>
      pool.analyzeRaw(mail(i), ctx).then((r) => {
        askedAtFirstAnswer ??= Array.from({ length: MESSAGES }, (_, j) => asked(j));
        return r;
      }),
    );
    const results = await Promise.all(answers);
    expect(askedAtFirstAnswer).toEqual(Array.from({ length: MESSAGES }, () => true));
    // Each message got its own analysis, and its unanswered lookups as coverage, not as a listing.
    results.forEach((r) => {
      expect(r.result.coverage).toContain('DNS block lists: 2 lookups unanswered within 1500 ms; not counted');
      expect(r.result.rules.some((rule) => rule.id.startsWith('DNSBL_'))).toBe(false);
    });
    expect(pool.queued).toBe(0);
  });
});

describe('a worker that hangs while messages wait on their lookups', () => {
  let stalling: EnginePool;
  afterAll(async () => stalling?.close());

  it('the messages it held fail with a timeout, none hangs; the replacement worker answers the next', async () => {
    const config = loadConfig({
      env: {},
      overrides: { reputation: { dnsbl: { enabled: true, servers: [dns.address], timeout_ms: 1000, skip_after_failures: 1000, zones: [{ zone: ZONE, type: 'domain', codes: 'spamhaus_dbl' }] } } },
    });
    stalling = createEnginePool({ size: 1, config, deadlineMs: 3000, workerUrl: new URL('../bounded/fixtures/stall-worker.ts', import.meta.url) });
    await vi.waitFor(() => expect(stalling.readyWorkers).toBe(1), { timeout: 60_000, interval: 20 });
    const waiting = stalling.analyzeRaw(mail(1), ctx);
    // Arrives while the first waits on DNS, and keeps the thread busy for good: the first's lookups can never end.
    const stuck = stalling.analyzeRaw(Buffer.from('From: a@example.com\r\nTo: anna@example.com\r\nSubject: STALL-FOREVER\r\n\r\nHello\r\n'), ctx);
    const settled = await Promise.allSettled([waiting, stuck]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    for (const s of settled) expect((s as PromiseRejectedResult).reason).toMatchObject({ stage: 'analysis' });
    const next = await stalling.analyzeRaw(mail(2), ctx);
    expect(next.result.coverage).toContain('DNS block lists: 2 lookups unanswered within 1000 ms; not counted');
    expect(stalling.queued).toBe(0);
  });
});
