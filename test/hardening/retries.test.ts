/**
 * Retries do not duplicate analyses or webhook events (docs/security.md "Faults and retries"): Postfix
 * retrying a message whose next hop was down, and an API client retrying with the same Idempotency-Key,
 * get the analysis made the first time. Real SMTP door, real sink, real store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('retries (%s)', (dialect) => {
  let sink: SmtpSink | undefined;
  let t: TestDoor | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await t?.close();
    await sink?.close();
    await h?.close();
    t = undefined;
    sink = undefined;
    h = undefined;
  });

  it('SMTP door: four retries while the next hop is down make one analysis and one webhook event', async () => {
    let down = true;
    sink = await startSmtpSink({ respond: () => (down ? { code: 451, message: '4.3.0 next hop down' } : null) });
    t = await startTestDoor({ dialect, relayPort: sink.port });
    const { key } = await t.h.tenantWithKey({ tenantId: t.acme });
    expect((await t.h.call('POST', '/v1/webhooks', key, { url: 'http://127.0.0.1:9/hook', events: ['analysis.completed'], secret: 'whsec_0123456789abcdef' })).statusCode).toBe(200);
    const { id, raw } = mail();
    const envelope = { from: 'alice@sender.test', to: ['bob@acme.test'] };
    for (let i = 0; i < 4; i++) expect((await sendRaw(t.port, envelope, raw)).code).toBe(451);
    down = false;
    const delivered = await sendRaw(t.port, envelope, raw);
    expect(delivered.code).toBe(250);
    await sink.waitFor(byId(id));
    const analyses = await t.h.store.db.selectFrom('analyses').select(['id']).where('tenant_id', '=', t.acme).execute();
    expect(analyses).toHaveLength(1);
    expect(delivered.response).toContain(analyses[0]!.id);
    const events = await t.h.store.db.selectFrom('webhook_events').select(['id']).execute();
    expect(events).toHaveLength(1);
    // Another message (other body) is analysed on its own.
    expect((await sendRaw(t.port, envelope, mail().raw)).code).toBe(250);
    expect(await t.h.store.db.selectFrom('analyses').select(['id']).where('tenant_id', '=', t.acme).execute()).toHaveLength(2);
  });

  it('API: the same Idempotency-Key returns the same analysis, charged once, one event; another body with it is refused', async () => {
    h = await createHarness({ dialect });
    const { key } = await h.tenantWithKey();
    expect((await h.call('POST', '/v1/webhooks', key, { url: 'http://127.0.0.1:9/hook', events: ['analysis.completed'], secret: 'whsec_0123456789abcdef' })).statusCode).toBe(200);
    const call = (body: object, idem: string) => h!.app.inject({ method: 'POST', url: '/v1/analyze', headers: { authorization: `Bearer ${key}`, 'idempotency-key': idem }, payload: body });
    const first = await call(SAMPLE_FIELDS, 'order-4711-attempt');
    const second = await call(SAMPLE_FIELDS, 'order-4711-attempt');
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.analysis_id).toBe(first.json().data.analysis_id);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().quota.used).toBe(1);
    expect(await h.store.db.selectFrom('analyses').select(['id']).execute()).toHaveLength(1);
    expect(await h.store.db.selectFrom('webhook_events').select(['id']).execute()).toHaveLength(1);
    const conflict = await call({ ...SAMPLE_FIELDS, subject: 'Another message' }, 'order-4711-attempt');
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().error.message).toMatch(/Idempotency-Key was already used/);
    const without = await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS);
    expect(without.json().data.analysis_id).not.toBe(first.json().data.analysis_id);
  });
});
