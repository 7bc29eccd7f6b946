import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpRelay, type Relay } from '../../src/smtp/index.js';
import { DIALECTS } from '../support/dialects.js';
import { headerNames, headerValues, startSmtpSink, type SinkRefusal, type SmtpSink } from '../support/smtp-sink.js';
import { byId, buildDoorApp, logger, mail, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';
import { seedQuarantined } from '../support/quarantine.js';

interface Entry {
  id: string;
  analysis_id: string;
  verdict: string;
  rcpt_to: string[];
  mail_from: string;
  subject: string;
  from: string;
  size: number;
  source: string;
  created_at: string;
  expires_at: string;
  released_at: string | null;
  released_by: string | null;
  release_reply: string | null;
}

describe.each(DIALECTS)('quarantine API (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let app: FastifyInstance;
  let relay: Relay;
  let keys: { acmeRead: string; acmeWrite: string; acmeWriteId: string; beta: string; acmeTest: string };
  const sent: Record<string, { id: string; raw: Buffer }> = {};
  let nextHopAnswer: SinkRefusal = null;

  const call = (method: InjectOptions['method'], url: string, key: string) => app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
  const list = async (key: string, query = '') => (await call('GET', `/v1/quarantine${query}`, key)).json().data as { items: Entry[]; total: number };

  /** The API over the door's store, releasing quarantined mail through `through`. */
  const appReleasingThrough = (through: Relay) =>
    buildDoorApp(t, through);

  beforeAll(async () => {
    sink = await startSmtpSink({ respond: () => nextHopAnswer });
    t = await startTestDoor({ dialect, relayPort: sink.port });
    relay = createSmtpRelay(t.config.smtp, logger);
    app = await appReleasingThrough(relay);
    const acmeRead = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read'] });
    const acmeWrite = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write'] });
    keys = {
      acmeRead: acmeRead.key,
      acmeWrite: acmeWrite.key,
      acmeWriteId: acmeWrite.keyId,
      beta: (await t.h.tenantWithKey({ tenantId: t.beta, scopes: ['read', 'write'] })).key,
      acmeTest: (await t.h.tenantWithKey({ tenantId: t.acme, mode: 'test' })).key,
    };
    for (const tenant of [t.acme, t.beta]) await t.block(tenant, 'phisher@evil.test');
    // Three phishing messages: one to both tenants, two to acme only.
    for (const [name, to] of [['shared', ['bob@acme.test', 'eve@beta.test', 'carol@acme.test']], ['second', ['bob@acme.test']], ['third', ['dan@acme.test']]] as const) {
      sent[name] = mail({ from: 'phisher@evil.test', subject: `Verify your account (${name})`, body: `Body of ${name}\r\n` });
      await seedQuarantined(t.port, { from: 'phisher@evil.test', to: [...to], message: sent[name]! });
    }
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await t?.close();
    await sink?.close();
  });

  it('keeps quarantined mail away from the next hop', () => {
    expect(sink.messages.filter((m) => m.raw.toString('latin1').includes('Verify your account'))).toEqual([]);
  });

  it('gives each tenant its own entry holding only its own recipients', async () => {
    const acme = await list(keys.acmeRead);
    const beta = await list(keys.beta);
    expect(acme.total).toBe(3);
    expect(beta.total).toBe(1);
    const shared = acme.items.find((e) => e.subject.endsWith('(shared)'))!;
    expect(shared).toMatchObject({ verdict: 'phishing', rcpt_to: ['bob@acme.test', 'carol@acme.test'], mail_from: 'phisher@evil.test', from: 'phisher@evil.test', source: 'smtp', released_at: null });
    expect(beta.items[0]).toMatchObject({ rcpt_to: ['eve@beta.test'], subject: 'Verify your account (shared)' });
    expect(beta.items[0]!.analysis_id).not.toBe(shared.analysis_id);
    expect(shared.expires_at).toBe(new Date(Date.parse(shared.created_at) + 30 * 86_400_000).toISOString());
    expect((await call('GET', `/v1/quarantine/${beta.items[0]!.id}`, keys.acmeRead)).statusCode).toBe(404);
    expect((await list(keys.acmeTest)).total).toBe(0);
  });

  it('pages and filters', async () => {
    const page = await list(keys.acmeRead, '?limit=2&offset=0');
    const rest = await list(keys.acmeRead, '?limit=2&offset=2');
    expect([page.items.length, rest.items.length, page.total]).toEqual([2, 1, 3]);
    expect(new Set([...page.items, ...rest.items].map((e) => e.id)).size).toBe(3);
    expect((await list(keys.acmeRead, '?verdict=safe')).total).toBe(0);
    expect((await list(keys.acmeRead, '?verdict=phishing&source=smtp&released=false')).total).toBe(3);
    expect((await list(keys.acmeRead, '?from=2026-11-15&to=2026-11-15')).total).toBe(3);
    expect((await list(keys.acmeRead, '?from=2026-11-16')).total).toBe(0);
    const bad = await call('GET', '/v1/quarantine?from=2026-11-16&to=2026-11-15', keys.acmeRead);
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'bad_request']);
    expect((await call('GET', '/v1/quarantine?limit=500', keys.acmeRead)).statusCode).toBe(400);
  });

  it('serves metadata and the raw message exactly as received (message/rfc822)', async () => {
    const entry = (await list(keys.acmeRead)).items.find((e) => e.subject.endsWith('(second)'))!;
    const meta = await call('GET', `/v1/quarantine/${entry.id}`, keys.acmeRead);
    expect(meta.json().data).toEqual(entry);
    expect(entry.size).toBe(sent.second!.raw.length);
    const raw = await call('GET', `/v1/quarantine/${entry.id}/raw`, keys.acmeRead);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.rawPayload).toEqual(sent.second!.raw);
    expect((await call('GET', '/v1/quarantine/qm_nope/raw', keys.acmeRead)).statusCode).toBe(404);
  });

  it('releases once: tagged, to the tenant’s recipients with the stored sender; a second release is refused', async () => {
    const entry = (await list(keys.acmeRead)).items.find((e) => e.subject.endsWith('(shared)'))!;
    const denied = await call('POST', `/v1/quarantine/${entry.id}/release`, keys.acmeRead);
    expect([denied.statusCode, denied.json().error.code]).toEqual([403, 'scope_required']);

    const released = await call('POST', `/v1/quarantine/${entry.id}/release`, keys.acmeWrite);
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ id: entry.id, released_at: expect.any(String), released_by: keys.acmeWriteId, release_reply: expect.stringMatching(/^250 /) });

    const got = await sink.waitFor(byId(sent.shared!.id));
    expect([got.mailFrom, got.rcptTo]).toEqual(['phisher@evil.test', ['bob@acme.test', 'carol@acme.test']]);
    expect(headerNames(got.raw).slice(0, 4)).toEqual(['X-Phishgate-Verdict', 'X-Phishgate-Score', 'X-Phishgate-Analysis-Id', 'X-Phishgate-Reasons']);
    expect(headerValues(got.raw, 'Subject')).toEqual(['[PHISHING] Verify your account (shared)']);
    expect(got.raw.toString('latin1').endsWith('\r\n\r\nBody of shared\r\n')).toBe(true);

    const again = await call('POST', `/v1/quarantine/${entry.id}/release`, keys.acmeWrite);
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'bad_request']);
    expect(again.json().error.message).toMatch(/already released/);
    expect(sink.messages.filter(byId(sent.shared!.id))).toHaveLength(1);
    expect((await list(keys.acmeRead, '?released=true')).items.map((e) => e.id)).toEqual([entry.id]);
    // The other tenant's share is still held.
    expect((await list(keys.beta, '?released=false')).total).toBe(1);
  });

  it('lets only one of two simultaneous releases through', async () => {
    const entry = (await list(keys.acmeRead)).items.find((e) => e.subject.endsWith('(third)'))!;
    const results = await Promise.all([1, 2].map(() => call('POST', `/v1/quarantine/${entry.id}/release`, keys.acmeWrite)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    await sink.waitFor(byId(sent.third!.id));
    expect(sink.messages.filter(byId(sent.third!.id))).toHaveLength(1);
  });

  it('undoes a release the next hop did not take (503), so it can be released later', async () => {
    sent.fourth = mail({ from: 'phisher@evil.test', subject: 'Verify your account (fourth)' });
    const entry = await seedQuarantined(t.port, { from: 'phisher@evil.test', to: ['erin@acme.test'], message: sent.fourth });
    nextHopAnswer = { code: 451, message: '4.3.0 try later' };
    try {
      const failed = await call('POST', `/v1/quarantine/${entry.id}/release`, keys.acmeWrite);
      expect([failed.statusCode, failed.json().error.code]).toEqual([503, 'service_unavailable']);
      expect(failed.headers['retry-after']).toBe('60');
      expect((await call('GET', `/v1/quarantine/${entry.id}`, keys.acmeRead)).json().data.released_at).toBeNull();
    } finally {
      nextHopAnswer = null;
    }
    expect((await call('POST', `/v1/quarantine/${entry.id}/release`, keys.acmeWrite)).statusCode).toBe(200);
    expect((await sink.waitFor(byId(sent.fourth.id))).rcptTo).toEqual(['erin@acme.test']);
  });

  it('answers 503 with Retry-After while the next hop is down, and keeps the message for a later release', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const downRelay = createSmtpRelay({ ...t.config.smtp, relay: `127.0.0.1:${port}`, relay_timeout_ms: 2000 }, logger);
    const downApp = await appReleasingThrough(downRelay);
    try {
      const entry = (await list(keys.acmeRead, '?released=false')).items[0]!;
      const failed = await downApp.inject({ method: 'POST', url: `/v1/quarantine/${entry.id}/release`, headers: { authorization: `Bearer ${keys.acmeWrite}` } });
      expect([failed.statusCode, failed.json().error.code]).toEqual([503, 'service_unavailable']);
      expect(Number(failed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(failed.headers['x-quota-limit']).toBeDefined();
      expect((await call('GET', `/v1/quarantine/${entry.id}`, keys.acmeRead)).json().data.released_at).toBeNull();
    } finally {
      await downApp.close();
      await downRelay.close();
    }
  });

  it('deletes', async () => {
    const entry = (await list(keys.beta)).items[0]!;
    expect((await call('DELETE', `/v1/quarantine/${entry.id}`, keys.acmeWrite)).statusCode).toBe(404);
    const deleted = await call('DELETE', `/v1/quarantine/${entry.id}`, keys.beta);
    expect(deleted.json()).toEqual({ success: true, data: { id: entry.id, deleted: true } });
    expect((await call('GET', `/v1/quarantine/${entry.id}`, keys.beta)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/quarantine/${entry.id}`, keys.beta)).statusCode).toBe(404);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/v1/quarantine']!)).toEqual(['get']);
    expect(Object.keys(paths['/v1/quarantine/{id}']!).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(paths['/v1/quarantine/{id}/raw']!)).toEqual(['get']);
    expect(Object.keys(paths['/v1/quarantine/{id}/release']!)).toEqual(['post']);
  });
});
