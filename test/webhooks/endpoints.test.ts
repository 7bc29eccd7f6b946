import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

const SECRET = 'whsec_test_0123456789abcdef';
const body = (over: Record<string, unknown> = {}) => ({ url: 'https://hooks.example/phishgate', events: ['analysis.completed'], secret: SECRET, ...over });

describe.each(DIALECTS)('webhook endpoints (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { webhooks: { max_endpoints_per_tenant: 3 } } });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  it('registers an endpoint and answers { id, url, events, created_at } without the secret', async () => {
    const res = await h.call('POST', '/v1/webhooks', key, body({ events: ['analysis.phishing_detected', 'analysis.completed'] }));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.stringMatching(/^wh_/),
      url: 'https://hooks.example/phishgate',
      events: ['analysis.completed', 'analysis.phishing_detected'],
      created_at: '2026-11-15T12:00:00.000Z',
    });
    expect(res.body).not.toContain(SECRET);
    expect(res.headers['x-quota-used']).toBeDefined();

    const list = await h.call('GET', '/v1/webhooks', key);
    expect(list.json().data).toEqual({ items: [data], total: 1, limit: 50, offset: 0 });
    expect(list.body).not.toContain(SECRET);
    expect((await h.call('GET', `/v1/webhooks/${data.id}`, key)).json().data).toEqual(data);
  });

  it('deletes an endpoint; a second delete and unknown ids are 404', async () => {
    const id = (await h.call('POST', '/v1/webhooks', key, body())).json().data.id;
    expect((await h.call('DELETE', `/v1/webhooks/${id}`, key)).json()).toEqual({ success: true, data: { id, deleted: true } });
    expect((await h.call('DELETE', `/v1/webhooks/${id}`, key)).statusCode).toBe(404);
    expect((await h.call('GET', `/v1/webhooks/${id}`, key)).json().error.code).toBe('not_found');
    expect((await h.call('GET', `/v1/webhooks/${id}/deliveries`, key)).statusCode).toBe(404);
  });

  it('keeps tenants and live/test namespaces apart', async () => {
    const id = (await h.call('POST', '/v1/webhooks', key, body())).json().data.id;
    const other = (await h.tenantWithKey()).key;
    const sameTenantTest = (await h.tenantWithKey({ tenantId: (await h.services.tenants.list())[0]!.id, mode: 'test' })).key;
    for (const k of [other, sameTenantTest]) {
      expect((await h.call('GET', `/v1/webhooks/${id}`, k)).statusCode).toBe(404);
      expect((await h.call('DELETE', `/v1/webhooks/${id}`, k)).statusCode).toBe(404);
      expect((await h.call('GET', '/v1/webhooks', k)).json().data.total).toBe(0);
    }
  });

  it('requires the admin scope on every webhook route', async () => {
    const { key: writer } = await h.tenantWithKey({ scopes: ['read', 'write'] });
    for (const [method, url] of [
      ['POST', '/v1/webhooks'],
      ['GET', '/v1/webhooks'],
      ['DELETE', '/v1/webhooks/wh_x'],
      ['GET', '/v1/webhooks/wh_x/deliveries'],
      ['POST', '/v1/webhooks/wh_x/deliveries/whd_x/redeliver'],
    ] as const) {
      const res = await h.call(method, url, writer, method === 'POST' && url === '/v1/webhooks' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'scope_required', message: expect.stringContaining('admin') });
    }
  });

  it.each([
    [{ url: 'ftp://hooks.example/x' }, /^url: must use http or https/],
    [{ url: 'not a url' }, /^url: not a valid absolute URL/],
    [{ url: 'https://user:pass@hooks.example/x' }, /^url: must not contain credentials/],
    [{ url: 'javascript:alert(1)' }, /^url: must use http or https/],
    [{ events: [] }, /^events/],
    [{ events: ['analysis.deleted'] }, /^events\.0: must be one of analysis\.completed, analysis\.phishing_detected/],
    [{ secret: 'short' }, /^secret: /],
    [{ secret: 'x'.repeat(257) }, /^secret: /],
    [{ secret: 'sixteen-chars-ok\n-but-newline' }, /^secret: must not contain control characters/],
    [{ secret: 42 }, /^secret: /],
    [{ colour: 'blue' }, /unknown field "colour"/],
  ])('refuses %j with 400 naming the field', async (over, message) => {
    const res = await h.call('POST', '/v1/webhooks', key, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: expect.stringMatching(message) });
    if ('secret' in over && typeof over.secret === 'string') expect(res.body).not.toContain(over.secret);
  });

  it('refuses a body without a secret, and duplicates in events collapse', async () => {
    const { secret: _secret, ...noSecret } = body();
    expect((await h.call('POST', '/v1/webhooks', key, noSecret)).json().error.message).toBe('secret is required');
    const res = await h.call('POST', '/v1/webhooks', key, body({ events: ['analysis.completed', 'analysis.completed'] }));
    expect(res.json().data.events).toEqual(['analysis.completed']);
  });

  it('caps the number of endpoints per tenant and mode', async () => {
    for (let i = 0; i < 3; i++) expect((await h.call('POST', '/v1/webhooks', key, body())).statusCode).toBe(200);
    const res = await h.call('POST', '/v1/webhooks', key, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/at most 3 webhooks/);
  });

  it('paginates the endpoint list newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      h.clock.advance(1000);
      ids.push((await h.call('POST', '/v1/webhooks', key, body())).json().data.id);
    }
    const page = (await h.call('GET', '/v1/webhooks?limit=2&offset=1', key)).json().data;
    expect(page.total).toBe(3);
    expect(page.items.map((w: { id: string }) => w.id)).toEqual([ids[1], ids[0]]);
    expect((await h.call('GET', '/v1/webhooks?limit=500', key)).statusCode).toBe(400);
  });

  it('documents every webhook route in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/v1/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/webhooks', '/v1/webhooks/{id}', '/v1/webhooks/{id}/deliveries', '/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver']),
    );
    const post = doc.paths['/v1/webhooks'].post;
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual(['url', 'events', 'secret']);
    expect(JSON.stringify(post.responses['200'])).not.toContain('secret');
    expect(doc.paths['/v1/analyze'].post.responses['202']).toBeDefined();
  });
});
