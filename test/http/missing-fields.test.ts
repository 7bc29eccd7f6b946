/**
 * Issue 34 item 6: a request missing several required fields is answered with one 400 bad_request whose
 * message names all of them (docs/api.md, "Envelope and errors"), for POST /v1/analyze's own check and for
 * every route whose schema lists required fields (the shared validator). Over a real socket (port 0).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { DIALECTS } from '../support/dialects.js';

describe.each(DIALECTS)('missing required fields are named together (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  let base: string;

  beforeAll(async () => {
    h = await createHarness({ dialect });
    key = (await h.tenantWithKey()).key;
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => h?.close());

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, quotaUsed: response.headers.get('x-quota-used'), body: (await response.json()) as unknown };
  };

  it.each([
    ['/v1/analyze', {}, 'subject, from and body_text are required (or send the whole message as raw_email)'],
    ['/v1/analyze', { subject: 'Invoice' }, 'from and body_text are required (or send the whole message as raw_email)'],
    ['/v1/analyze', { from: 'a@b.example', to: 'c@d.example' }, 'subject and body_text are required (or send the whole message as raw_email)'],
    ['/v1/analyze', { subject: 'x', from: 'a@b.example' }, 'body_text is required (or send the whole message as raw_email)'],
    ['/v1/whitelist', {}, 'type and value are required'],
    ['/v1/blocklist', { note: 'why' }, 'type and value are required'],
    ['/v1/blocklist', { type: 'domain' }, 'value is required'],
    ['/v1/webhooks', {}, 'url, events and secret are required'],
    ['/v1/webhooks', { events: ['analysis.completed'] }, 'url and secret are required'],
    ['/v1/keys', {}, 'name is required'],
  ])('POST %s %j: 400 "%s" in the spec\'s error envelope', async (path, body, message) => {
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: { code: 'bad_request', message } });
    // Quota headers on errors too (interface spec 1.4), and nothing was charged.
    expect(answer.quotaUsed).toBe('0');
  });

  it('still reports a wrong type before the missing fields, naming that field (one error, the first found)', async () => {
    const answer = await post('/v1/analyze', { from: 42 });
    expect(answer.body).toEqual({ success: false, error: { code: 'bad_request', message: 'from: must be string' } });
  });
});
