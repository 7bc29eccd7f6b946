import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createAsyncAnalysisRunner } from '../../src/jobs/async-analysis-runner.js';
import { decodeMessage, encodeMessage } from '../../src/services/async-analysis.js';
import { emptyMessage } from '../../src/core/message.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { addWebhook, SECRET } from './support/setup.js';

describe('queued message encoding', () => {
  it('round-trips a normalised message, attachment heads included', () => {
    const message = { ...emptyMessage(), subject: 'Ünïcode ✓', attachments: [{ filename: 'a.zip', contentType: 'application/zip', size: 3, head: new Uint8Array([0x50, 0x4b, 3]) }] };
    expect(decodeMessage(encodeMessage(message))).toEqual(message);
  });
});

describe.each(DIALECTS)('asynchronous analysis (%s)', (dialect) => {
  let h: Harness;
  let receiver: Receiver;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { webhooks: { async_queue_size: 3 } } });
    receiver = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
  });
  afterEach(async () => {
    await h.close();
    await receiver.close();
  });

  const submit = (key: string, fields: Record<string, unknown> = SAMPLE_FIELDS) => h.call('POST', '/v1/analyze', key, { ...fields, async: true });

  it('answers 202 queued, completes in the background, charges quota once on completion and sends the result by webhook', async () => {
    const { key } = await h.tenantWithKey();
    await addWebhook(h, key, receiver.url);
    const res = await submit(key, { ...SAMPLE_FIELDS, to: 'me@acme.test' });
    expect(res.statusCode).toBe(202);
    const { analysis_id } = res.json().data;
    expect(res.json()).toEqual({ success: true, data: { analysis_id: expect.stringMatching(/^an_/), status: 'queued' } });
    expect(res.headers['x-quota-used']).toBe('0');

    const queued = (await h.call('GET', `/v1/analyses/${analysis_id}`, key)).json().data;
    expect(queued).toEqual({
      analysis_id,
      status: 'queued',
      created_at: '2026-11-15T12:00:00.000Z',
      source: 'api',
      livemode: true,
      cost_eur: 0,
      subject: SAMPLE_FIELDS.subject,
      from: SAMPLE_FIELDS.from,
      to: 'me@acme.test',
    });
    expect((await h.call('GET', '/v1/usage', key)).json().data.used).toBe(0);

    h.clock.advance(5000);
    await h.asyncRunner.drain();
    await h.worker.drain();
    const done = (await h.call('GET', `/v1/analyses/${analysis_id}`, key)).json().data;
    expect(done).toMatchObject({ analysis_id, status: 'completed', verdict: 'safe', created_at: '2026-11-15T12:00:00.000Z', to: 'me@acme.test' });
    expect((await h.call('GET', '/v1/usage', key)).json().data.used).toBe(1);
    expect(receiver.received.map((r) => [r.json.type, r.json.data.analysis])).toEqual([['analysis.completed', done]]);

    // Nothing runs twice.
    await h.asyncRunner.drain();
    expect((await h.call('GET', '/v1/usage', key)).json().data.used).toBe(1);
  });

  it('validates synchronously: a bad message is a 400 and nothing is queued', async () => {
    const { key } = await h.tenantWithKey();
    expect((await submit(key, { subject: 'x', from: 'a@b.example' })).json().error.message).toMatch(/^body_text is required/);
    const wrongType = await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, async: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/^async: /);
    expect((await h.call('GET', '/v1/analyses', key)).json().data.total).toBe(0);
  });

  it('refuses with 429 rate_limited and Retry-After when the queue is full', async () => {
    const { key } = await h.tenantWithKey();
    for (let i = 0; i < 3; i++) expect((await submit(key)).statusCode).toBe(202);
    const full = await submit(key);
    expect(full.statusCode).toBe(429);
    expect(full.json().error.code).toBe('rate_limited');
    expect(full.headers['retry-after']).toBe('5');
    await h.asyncRunner.drain();
    expect((await submit(key)).statusCode).toBe(202);
  });

  it('fails an analysis whose quota ran out by completion, with the reason, uncharged, and tells the webhook', async () => {
    const { key } = await h.tenantWithKey({ plan: 'discovery', quotaLimit: 1 });
    await addWebhook(h, key, receiver.url);
    const first = (await submit(key)).json().data.analysis_id;
    const second = (await submit(key)).json().data.analysis_id;
    await h.asyncRunner.drain();
    await h.worker.drain();

    const states = await Promise.all([first, second].map(async (id) => (await h.call('GET', `/v1/analyses/${id}`, key)).json().data));
    const failed = states.find((s) => s.status === 'failed');
    expect(states.map((s) => s.status).sort()).toEqual(['completed', 'failed']);
    expect(failed).toMatchObject({ cost_eur: 0, error: { code: 'quota_exceeded', message: expect.stringMatching(/Monthly quota of 1 analyses reached/) } });
    expect(failed.verdict).toBeUndefined();
    expect((await h.call('GET', '/v1/usage', key)).json().data.used).toBe(1);
    const events = receiver.received.map((r) => r.json.data.analysis.status).sort();
    expect(events).toEqual(['completed', 'failed']);

    // Once the quota is known to be gone, new submissions are refused at once.
    const refused = await submit(key);
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'quota_exceeded']);
  });

  it('runs test-key analyses in the test namespace, uncharged', async () => {
    const { tenantId, key } = await h.tenantWithKey();
    const testKey = (await h.tenantWithKey({ tenantId, mode: 'test' })).key;
    const id = (await submit(testKey)).json().data.analysis_id;
    await h.asyncRunner.drain();
    expect((await h.call('GET', `/v1/analyses/${id}`, testKey)).json().data).toMatchObject({ status: 'completed', livemode: false, cost_eur: 0 });
    expect((await h.call('GET', `/v1/analyses/${id}`, key)).statusCode).toBe(404);
    expect((await h.call('GET', '/v1/usage', key)).json().data.used).toBe(0);
  });

  it('leaves unstarted work queued on a graceful stop, and the next process resumes it', async () => {
    const { key } = await h.tenantWithKey();
    const ids = [(await submit(key)).json().data.analysis_id, (await submit(key)).json().data.analysis_id];
    await h.asyncRunner.stop();
    for (const id of ids) expect((await h.call('GET', `/v1/analyses/${id}`, key)).json().data.status).toBe('queued');

    // A new process: its own runner over the same database.
    const next = createAsyncAnalysisRunner({ service: h.services.asyncAnalysis, logger: pino({ level: 'silent' }), concurrency: 1, pollIntervalMs: 50 });
    await next.drain();
    await next.stop();
    for (const id of ids) expect((await h.call('GET', `/v1/analyses/${id}`, key)).json().data.status).toBe('completed');
  });
});
