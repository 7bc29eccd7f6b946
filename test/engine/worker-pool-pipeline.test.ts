import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';

/**
 * How the pool hands work to its workers (docs/performance.md, "Analysis off the event loop"): raw bytes
 * are copied once and moved to the worker, never taken from the caller; each worker holds its current
 * message and the next one, and a next one stuck behind a message that does not finish is given to a
 * worker that became free. Nothing is timed: the assertions are on bytes, results and order.
 */
const config = loadConfig({ env: {} });
const mail = (subject: string) => Buffer.from(`From: a@example.com\r\nTo: b@example.org\r\nSubject: ${subject}\r\n\r\nHello, see you on Monday.\r\n`);

describe('raw bytes handed to a worker', () => {
  const pool = createEnginePool({ size: 1, config });
  afterAll(() => pool.close());

  it("leaves the caller's buffer as it was (moved to the worker is a copy of it)", async () => {
    const raw = mail('Invoice 7');
    const before = Buffer.from(raw);
    expect((await pool.parse(raw)).subject).toBe('Invoice 7');
    expect((await pool.analyzeRaw(raw, { allowList: [], blockList: [], tenantDomains: [], now: 0 }, { keepMessage: true })).message?.subject).toBe('Invoice 7');
    expect(raw.byteLength).toBe(before.byteLength);
    expect(raw.equals(before)).toBe(true);
  });

  it('analyses only the bytes of a Buffer that is a view into a larger allocation', async () => {
    const first = mail('First of two');
    const both = Buffer.concat([first, mail('Second of two')]);
    const second = both.subarray(first.length);
    const parsed = await pool.parse(second);
    expect(parsed.subject).toBe('Second of two');
    expect(parsed.text).not.toContain('First of two');
  });

  it('answers many requests queued at once, each with its own bytes, in a pool of one', async () => {
    const subjects = Array.from({ length: 12 }, (_, i) => `Order ${i}`);
    expect((await Promise.all(subjects.map((s) => pool.parse(mail(s))))).map((m) => m.subject)).toEqual(subjects);
  });
});

describe('the next message of a worker that is stuck', () => {
  const workerUrl = new URL('../bounded/fixtures/stall-worker.ts', import.meta.url);
  const pool = createEnginePool({ size: 2, config, deadlineMs: 4000, workerUrl });
  afterAll(() => pool.close());

  it('is taken back and answered by the worker that became free, while the stuck one is still pending', async () => {
    await vi.waitFor(() => expect(pool.readyWorkers).toBe(2), { timeout: 60_000, interval: 20 });
    // Both workers busy: the third message waits behind the one that started last, the stuck one.
    const first = pool.parse(mail('Monday'));
    const stuck = pool.parse(mail('STALL-FOREVER'));
    let stuckSettled = false;
    const stuckDone = stuck.then(
      () => (stuckSettled = true),
      () => (stuckSettled = true),
    );
    const next = pool.parse(mail('Tuesday'));
    expect((await first).subject).toBe('Monday');
    expect((await next).subject).toBe('Tuesday');
    expect(stuckSettled).toBe(false);
    await stuckDone;
    await expect(stuck).rejects.toMatchObject({ stage: 'parse' });
    expect(pool.queued).toBe(0);
  });
});
