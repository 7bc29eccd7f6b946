import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { AnalysisTimeoutError } from '../../src/engine/analysis-client.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';

/**
 * The pool's deadline: a worker stuck on one message is terminated and replaced, only that message
 * fails (with a timeout that says whether it is the second in a row), and work queued behind it runs.
 */
const config = loadConfig({ env: {} });
const ctx = { allowList: [], blockList: [], tenantDomains: [], now: 0 };
const workerUrl = new URL('./fixtures/stall-worker.ts', import.meta.url);
const pool = createEnginePool({ size: 1, config, deadlineMs: 1500, workerUrl });
afterAll(() => pool.close());

const mail = (subject: string) => Buffer.from(`From: a@example.com\r\nTo: b@example.org\r\nSubject: ${subject}\r\n\r\nHello, see you on Monday.\r\n`);

describe('analysis deadline in the worker pool', () => {
  it('a stalled parse fails with a timeout; the message queued behind it is answered by the replacement worker', async () => {
    const stalled = pool.parse(mail('STALL-FOREVER'));
    const behind = pool.parse(mail('Monday'));
    const settled = await Promise.allSettled([stalled, behind]);
    expect(settled[0]).toMatchObject({ status: 'rejected', reason: { name: 'AppError', code: 'service_unavailable', stage: 'parse', repeated: false, retryAfterSeconds: 30 } });
    expect((settled[0] as PromiseRejectedResult).reason).toBeInstanceOf(AnalysisTimeoutError);
    expect(settled[1]).toMatchObject({ status: 'fulfilled', value: { subject: 'Monday' } });
  });

  it('messages waiting behind the stalled worker are answered by its replacement, in order', async () => {
    const stalled = pool.parse(mail('STALL-FOREVER again'));
    const behind = [pool.parse(mail('Wednesday')), pool.parse(mail('Thursday')), pool.parse(mail('Friday'))];
    await expect(stalled).rejects.toMatchObject({ stage: 'parse' });
    expect((await Promise.all(behind)).map((m) => m.subject)).toEqual(['Wednesday', 'Thursday', 'Friday']);
    expect(pool.queued).toBe(0);
  });

  it('the same message timing out again is marked repeated; an analysis of another message in between does not reset it', async () => {
    await expect(pool.parse(mail('STALL-FOREVER'))).rejects.toMatchObject({ stage: 'parse', repeated: true });
    const message = await parseRawMessage(mail('Tuesday'));
    expect((await pool.analyze(message, ctx)).verdict).toBeDefined();
    await expect(pool.parse(mail('STALL-FOREVER'))).rejects.toMatchObject({ repeated: true });
  });

  it('analysis of a parsed message has the same deadline', async () => {
    const message = await parseRawMessage(mail('STALL-FOREVER analysis'));
    await expect(pool.analyze(message, ctx)).rejects.toMatchObject({ stage: 'analysis', repeated: false });
    await expect(pool.analyze(message, ctx)).rejects.toMatchObject({ stage: 'analysis', repeated: true });
    expect(pool.queued).toBe(0);
  });
});
