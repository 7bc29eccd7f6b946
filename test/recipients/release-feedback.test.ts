import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpRelay, type Relay } from '../../src/smtp/index.js';
import { DIALECTS } from '../support/dialects.js';
import { createFeedbackService } from '../../src/services/feedback.js';
import { startSmtpSink, type SinkRefusal, type SmtpSink } from '../support/smtp-sink.js';
import { byId, buildDoorApp, logger, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';
import { seedQuarantined } from '../support/quarantine.js';

describe.each(DIALECTS)('a release records feedback (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let app: FastifyInstance;
  let relay: Relay;
  let key: string;
  let keyId: string;
  let nextHopAnswer: SinkRefusal = null;
  const call = (method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });

  /** Quarantines one message and returns its entry id, analysis id and bytes. */
  async function quarantine(subject: string): Promise<{ id: string; analysisId: string; raw: Buffer; messageId: string }> {
    const held = await seedQuarantined(t.port, { from: 'phisher@evil.test', to: ['bob@acme.test'], subject });
    const entry = (await call('GET', `/v1/quarantine/${held.id}`)).json().data;
    return { id: held.id, analysisId: entry.analysis_id, raw: held.raw, messageId: held.messageId };
  }
  const feedbackOf = async (analysisId: string) => (await call('GET', `/v1/feedback?analysis_id=${analysisId}`)).json().data.items;

  beforeAll(async () => {
    sink = await startSmtpSink({ respond: () => nextHopAnswer });
    t = await startTestDoor({ dialect, relayPort: sink.port });
    relay = createSmtpRelay(t.config.smtp, logger);
    app = await buildDoorApp(t, relay);
    ({ key, keyId } = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write'] }));
    await t.block(t.acme, 'phisher@evil.test');
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await t?.close();
    await sink?.close();
  });

  it('records "ham" with the quarantined message kept, when the releaser says nothing', async () => {
    const q = await quarantine('Invoice (plain release)');
    expect((await call('POST', `/v1/quarantine/${q.id}/release`)).statusCode).toBe(200);
    await sink.waitFor(byId(q.messageId));
    expect(await feedbackOf(q.analysisId)).toEqual([expect.objectContaining({ label: 'ham', source: 'release', actor: keyId, verdict: 'phishing', message_kept: true, subject: 'Invoice (plain release)' })]);
    const row = await t.h.store.db.selectFrom('feedback').select(['message_raw', 'message_size', 'message_truncated']).where('analysis_id', '=', q.analysisId).executeTakeFirstOrThrow();
    expect(Buffer.from(row.message_raw!)).toEqual(q.raw);
    expect([Number(row.message_size), row.message_truncated]).toEqual([q.raw.length, 0]);
  });

  it('records what the releaser says instead: "phishing" with a note, or nothing', async () => {
    const inspected = await quarantine('Invoice (released for inspection)');
    expect((await call('POST', `/v1/quarantine/${inspected.id}/release`, { feedback: 'phishing', note: 'for the SOC' })).statusCode).toBe(200);
    expect(await feedbackOf(inspected.analysisId)).toEqual([expect.objectContaining({ label: 'phishing', note: 'for the SOC', source: 'release' })]);

    const silent = await quarantine('Invoice (no feedback)');
    expect((await call('POST', `/v1/quarantine/${silent.id}/release`, { feedback: 'none' })).statusCode).toBe(200);
    expect(await feedbackOf(silent.analysisId)).toEqual([]);

    const bad = await call('POST', `/v1/quarantine/${silent.id}/release`, { feedback: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });

  it('records nothing when the next hop refused the release', async () => {
    const q = await quarantine('Invoice (next hop down)');
    nextHopAnswer = { code: 451, message: '4.3.0 try later' };
    try {
      expect((await call('POST', `/v1/quarantine/${q.id}/release`)).statusCode).toBe(503);
      expect(await feedbackOf(q.analysisId)).toEqual([]);
    } finally {
      nextHopAnswer = null;
    }
  });

  it('keeps only the first feedback.max_message_bytes of a long message, marked as cut', async () => {
    const q = await quarantine('Invoice (long)');
    const limit = 2048;
    const service = createFeedbackService(
      { store: t.h.store, clock: t.h.clock, newId: (p) => `${p}_${Math.random().toString(36).slice(2)}` },
      { analysesDays: 30, maxMessageBytes: limit },
    );
    const tenant = (await t.h.services.tenants.get(t.acme))!;
    const long = Buffer.concat([q.raw, Buffer.alloc(10_000, 'a')]);
    await service.recordFeedback({ tenant, livemode: true }, q.analysisId, 'phishing', null, { source: 'console', id: 'admin' }, long);
    const row = await t.h.store.db.selectFrom('feedback').select(['message_raw', 'message_size', 'message_truncated', 'source', 'actor']).where('analysis_id', '=', q.analysisId).executeTakeFirstOrThrow();
    expect([Buffer.from(row.message_raw!).length, Number(row.message_size), row.message_truncated, row.source, row.actor]).toEqual([limit, long.length, 1, 'console', 'admin']);
  });
});
