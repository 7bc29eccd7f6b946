import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

/** Every paginated list of the API, with the scope its key needs. */
const LISTS = ['/v1/analyses', '/v1/whitelist', '/v1/blocklist', '/v1/keys', '/v1/webhooks', '/v1/quarantine', '/v1/feedback'];

const expectEnvelope = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ success: false, error: { code, message: expect.any(String) } });
  for (const header of ['x-quota-used', 'x-quota-limit', 'x-quota-remaining', 'x-request-id']) expect(res.headers, header).toHaveProperty(header);
};

describe('HTTP methods, content types and paths', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    ({ key } = await h.tenantWithKey());
  });
  afterAll(() => h.close());

  it.each([
    ['GET', '/v1/analyze', 'POST'],
    ['PUT', '/v1/analyses', 'GET, HEAD'],
    ['POST', '/v1/analyses/an_123', 'GET, HEAD'],
    ['PATCH', '/v1/whitelist', 'GET, HEAD, POST'],
    ['PUT', '/v1/whitelist/wl_1', 'DELETE'],
    ['POST', '/v1/usage', 'GET, HEAD'],
    ['DELETE', '/v1/openapi.json', 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const res = await h.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${key}` } });
    expectEnvelope(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe(allow);
    expect(res.json().error.message).toContain(allow);
  });

  it('keeps 404 for paths nothing answers', async () => {
    expectEnvelope(await h.call('GET', '/v1/nothing-here', key), 404, 'not_found');
    expectEnvelope(await h.call('DELETE', '/v1/analyses/x/y', key), 404, 'not_found');
  });

  it('answers 415 for a body that is not JSON, naming the expected type', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/whitelist', headers: { authorization: `Bearer ${key}`, 'content-type': type }, payload: '{"type":"domain","value":"x.example"}' });
      expectEnvelope(res, 415, 'unsupported_media_type');
      expect(res.json().error.message).toContain('application/json');
    }
    const json = await h.app.inject({ method: 'POST', url: '/v1/whitelist', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json; charset=utf-8' }, payload: '{"type":"domain","value":"x.example"}' });
    expect(json.statusCode).toBe(200);
  });

  it('accepts ids of up to 128 characters and answers longer ones in the envelope', async () => {
    const id = (n: number) => 'a'.repeat(n);
    expectEnvelope(await h.call('GET', `/v1/analyses/${id(128)}`, key), 404, 'not_found');
    const tooLong = await h.call('GET', `/v1/analyses/${id(129)}`, key);
    expectEnvelope(tooLong, 400, 'bad_request');
    expect(tooLong.json().error.message).toMatch(/^id: must NOT have more than 128 characters/);
    // Far beyond any id: Fastify's router refuses it before routing; still our envelope and headers.
    expectEnvelope(await h.call('GET', `/v1/analyses/${id(5000)}`, key), 414, 'uri_too_long');
    expectEnvelope(await h.call('DELETE', `/v1/webhooks/${id(5000)}`, key), 414, 'uri_too_long');
    // Percent-encoded ids count by their decoded characters.
    expectEnvelope(await h.call('GET', `/v1/analyses/${encodeURIComponent('é'.repeat(128))}`, key), 404, 'not_found');
  });

  it('answers a malformed percent-encoding in the envelope', async () => {
    expectEnvelope(await h.call('GET', '/v1/analyses/%E0%A4%A', key), 400, 'bad_request');
  });
});

describe('stored analyses keep the display name of the sender', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it.each([
    ['PayPal Service <service@paypa1-secure.example>', 'PayPal Service <service@paypa1-secure.example>'],
    ['"Doe, John" <john@example.com>', '"Doe, John" <john@example.com>'],
    ['plain@example.com', 'plain@example.com'],
  ])('from %s is stored as %s', async (from, stored) => {
    const { key } = await h.tenantWithKey();
    const analysed = (await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, from })).json().data;
    const fetched = (await h.call('GET', `/v1/analyses/${analysed.analysis_id}`, key)).json().data;
    expect(fetched.from).toBe(stored);
    const listed = (await h.call('GET', '/v1/analyses', key)).json().data.items[0];
    expect(listed.from).toBe(stored);
  });
});

describe('GET /v1/keys', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('is paginated like the other lists', async () => {
    const { key } = await h.tenantWithKey();
    for (const name of ['one', 'two', 'three']) expect((await h.call('POST', '/v1/keys', key, { name, scopes: ['read'] })).statusCode).toBe(200);
    const all = (await h.call('GET', '/v1/keys', key)).json().data;
    expect(all).toMatchObject({ total: 4, limit: 50, offset: 0 });
    expect(all.items).toHaveLength(4);
    const page = (await h.call('GET', '/v1/keys?limit=2&offset=1', key)).json().data;
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.items.map((k: { id: string }) => k.id)).toEqual(all.items.slice(1, 3).map((k: { id: string }) => k.id));
    expect((await h.call('GET', '/v1/keys?limit=201', key)).statusCode).toBe(400);
  });
});

describe.each(DIALECTS)('offsets and limits as written (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    ({ key } = await h.tenantWithKey());
    await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS);
  });
  afterEach(() => h.close());

  it('serves the largest exact offset (2^53 − 1) as an empty page on every list', async () => {
    for (const list of LISTS) {
      const res = await h.call('GET', `${list}?offset=9007199254740991`, key);
      expect(res.statusCode, list).toBe(200);
      expect(res.json().data, list).toMatchObject({ items: [], offset: 9007199254740991 });
    }
  });

  it.each([
    ['9007199254740992', /offset: must be <= 9007199254740991/],
    ['9007199254740993', /offset: must be <= 9007199254740991/],
    ['9223372036854775808', /offset: must be <= 9007199254740991/],
    ['1e3', /offset: must be integer, got "1e3"/],
    ['2.0', /offset: must be integer/],
    ['-1', /offset: must be >= 0/],
    ['0x10', /offset: must be integer/],
  ])('refuses offset=%s on every list with 400', async (offset, message) => {
    for (const list of LISTS) {
      const res = await h.call('GET', `${list}?offset=${offset}`, key);
      expect(res.statusCode, list).toBe(400);
      expect(res.json().error, list).toEqual({ code: 'bad_request', message: expect.stringMatching(message) });
    }
  });

  it('refuses a non-integer limit the same way', async () => {
    expect((await h.call('GET', '/v1/analyses?limit=10.5', key)).json().error.message).toMatch(/^limit: must be integer/);
    expect((await h.call('GET', '/v1/analyses?limit=20', key)).statusCode).toBe(200);
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://dashboard.example.com';

  it('is off by default: no CORS headers, preflights are not answered', async () => {
    const h = await createHarness();
    try {
      const { key } = await h.tenantWithKey();
      const res = await h.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${key}`, origin: ORIGIN } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await h.app.inject({ method: 'OPTIONS', url: '/v1/usage', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } });
      expect(preflight.statusCode).toBe(405);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await h.close();
    }
  });

  describe('with allowed origins configured', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness({ cors: { allowedOrigins: [ORIGIN], maxAgeSeconds: 600 } });
    });
    afterAll(() => h.close());

    it('answers a preflight for a known path without a key, naming its methods', async () => {
      const res = await h.app.inject({ method: 'OPTIONS', url: '/v1/whitelist', headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
      expect(res.statusCode).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': ORIGIN,
        'access-control-allow-methods': 'GET, HEAD, POST',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      expect(String(res.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    });

    it('lets the browser read the answer and its quota headers, errors included', async () => {
      const { key } = await h.tenantWithKey();
      const ok = await h.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${key}`, origin: ORIGIN } });
      expect(ok.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(String(ok.headers['access-control-expose-headers'])).toMatch(/X-Quota-Remaining/);
      const denied = await h.app.inject({ method: 'GET', url: '/v1/usage', headers: { origin: ORIGIN } });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['access-control-allow-origin']).toBe(ORIGIN);
    });

    it('gives nothing to other origins', async () => {
      const res = await h.app.inject({ method: 'OPTIONS', url: '/v1/usage', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
      expect(res.statusCode).toBe(405);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await h.app.inject({ method: 'GET', url: '/v1/usage', headers: { origin: 'https://evil.example' } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
