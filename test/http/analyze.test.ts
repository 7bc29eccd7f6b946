import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

const RAW = [
  'From: "PayPal Service" <service@paypa1-secure.example>',
  'To: victim@acme.test',
  'Reply-To: refunds@freemail.example',
  'Subject: Urgent: account suspended',
  'Authentication-Results: mx.acme.test; spf=fail smtp.mailfrom=paypa1-secure.example; dkim=none; dmarc=fail header.from=paypa1-secure.example',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Verify your account immediately at http://198.51.100.23/login or it will be closed.',
  '',
].join('\r\n');
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(DIALECTS)('POST /v1/analyze (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({
      dialect,
      overrides: { http: { body_limit_bytes: 1024 * 1024 } },
      // The allow-listed domain of the tests below sends from 192.0.2.1 and publishes DMARC p=reject.
      dnsZone: { 'TXT mail.paypa1-secure.example': [['v=spf1 ip4:192.0.2.1 -all']], 'TXT _dmarc.paypa1-secure.example': [['v=DMARC1; p=reject']] },
    });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  it('returns the full result with quota object and stores it for GET', async () => {
    const res = await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, to: 'me@acme.test', urls: ['https://vendor.example/invoice'] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      status: 'completed',
      verdict: 'safe',
      model: expect.stringMatching(/^phishgate-local-/),
      recommendation: 'deliver',
      source: 'api',
      livemode: true,
      cost_eur: 0,
      indicators: { impersonation: false, urgency_pressure: false, suspicious_links: false, credential_request: false, brand_spoofing: null },
    });
    expect(body.data.score).toBeGreaterThanOrEqual(0);
    expect(body.data.urls).toEqual([{ url: 'https://vendor.example/invoice', domain: 'vendor.example', flags: [] }]);
    expect(body.quota).toEqual({ used: 1, limit: 1000, remaining: 999 });
    // The decision model's answers travel with the result and are stored with it (docs/api.md "The judgement").
    expect(body.data.judgement).toMatchObject({ claimed_identity: null, sender_organisation: 'vendor.example', sender_is_claimed_identity: null, asks: [] });
    expect(body.data.judgement.links).toMatchObject({ total: 1, own: 1, other: 0 });

    const stored = (await h.call('GET', `/v1/analyses/${body.data.analysis_id}`, key)).json().data;
    expect(stored).toEqual({ ...body.data, subject: 'Notes from Tuesday', from: 'tom@vendor.example', to: 'me@acme.test' });
  });

  it('parses raw_email and waives the required fields', async () => {
    const res = await h.call('POST', '/v1/analyze', key, { raw_email: b64(RAW) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.verdict).not.toBe('safe');
    expect(data.indicators.suspicious_links).toBe(true);
    expect(data.reasons.join(' ')).toContain('198.51.100.23');
    const stored = (await h.call('GET', `/v1/analyses/${data.analysis_id}`, key)).json().data;
    expect(stored).toMatchObject({ subject: 'Urgent: account suspended', from: 'PayPal Service <service@paypa1-secure.example>', to: 'victim@acme.test' });
  });

  it('lets explicit fields override the parsed message and merges urls', async () => {
    const res = await h.call('POST', '/v1/analyze', key, { raw_email: b64(RAW), subject: 'Overridden', urls: ['https://extra.example/x'] });
    const data = res.json().data;
    expect(data.urls.map((u: { url: string }) => u.url)).toEqual(expect.arrayContaining(['https://extra.example/x', 'http://198.51.100.23/login']));
    expect((await h.call('GET', `/v1/analyses/${data.analysis_id}`, key)).json().data.subject).toBe('Overridden');
  });

  it('accepts base64 wrapped at 76 columns', async () => {
    const wrapped = b64(RAW).replace(/(.{76})/g, '$1\r\n');
    expect((await h.call('POST', '/v1/analyze', key, { raw_email: wrapped })).statusCode).toBe(200);
  });

  it.each([
    [{ raw_email: 'not base64 at all!!' }, /raw_email is not valid base64/],
    [{ raw_email: b64('just some words without any header or structure') }, /raw_email/],
    [{ subject: 'x', from: 'a@b.example' }, /body_text is required/],
    [{ from: 'a@b.example', body_text: 'x' }, /subject is required/],
    [{ subject: 'x', body_text: 'x' }, /from is required/],
    [{ ...SAMPLE_FIELDS, from: 'not an address' }, /^from: .*not an email address/],
    [{ ...SAMPLE_FIELDS, to: 'nobody' }, /^to: /],
    [{ ...SAMPLE_FIELDS, subject: 42 }, /^subject: must be string/],
    [{ ...SAMPLE_FIELDS, urls: 'http://x' }, /^urls: must be array/],
    [{ ...SAMPLE_FIELDS, urls: [''] }, /^urls\.0: /],
    [{ ...SAMPLE_FIELDS, headers: { spf: 'excellent' } }, /^headers\.spf: .*not an authentication result/],
    [{ ...SAMPLE_FIELDS, headers: { dkim: 5 } }, /^headers\.dkim: must be string/],
    [{ ...SAMPLE_FIELDS, colour: 'red' }, /unknown field "colour"/],
  ])('refuses %j with 400 naming the problem', async (body, message) => {
    const res = await h.call('POST', '/v1/analyze', key, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: { code: 'bad_request', message: expect.stringMatching(message) } });
  });

  it('refuses malformed JSON with 400 bad_request and other content types with 415', async () => {
    for (const [payload, type, status, code] of [
      ['{"subject": ', 'application/json', 400, 'bad_request'],
      ['[1,2]', 'application/json', 400, 'bad_request'],
      ['subject=x', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
      ['{"subject":"x"}', 'text/plain', 415, 'unsupported_media_type'],
    ] as const) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/analyze', headers: { authorization: `Bearer ${key}`, 'content-type': type }, payload });
      expect(res.statusCode, `${type} ${payload}`).toBe(status);
      expect(res.json().error).toEqual({ code, message: expect.any(String) });
      if (status === 415) expect(res.json().error.message).toMatch(/application\/json/);
    }
  });

  it('analyses a 200,000-character body instead of refusing it', async () => {
    const body_text = `${'Lorem ipsum dolor sit amet. '.repeat(7142)}Verify your account immediately.`;
    expect(body_text.length).toBeGreaterThan(200_000);
    const res = await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, body_text });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.indicators.credential_request).toBe(true);
  });

  it('refuses a body over the configured limit with 413 payload_too_large', async () => {
    const res = await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, body_text: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: { code: 'payload_too_large', message: expect.any(String) } });
    expect(res.headers['x-quota-limit']).toBe('1000');
  });

  it('marks a block-listed sender phishing 0.95 and names the entry; block beats allow', async () => {
    await h.call('POST', '/v1/whitelist', key, { type: 'domain', value: 'vendor.example' });
    await h.call('POST', '/v1/blocklist', key, { type: 'email', value: 'Tom@Vendor.example', note: 'compromised' });
    const data = (await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS)).json().data;
    expect(data.verdict).toBe('phishing');
    expect(data.score).toBe(0.95);
    expect(data.reasons[0]).toMatch(/block list.*tom@vendor\.example.*compromised/);
  });

  it('marks an allow-listed sender safe on an aligned pass, also for subdomains, unless DMARC fails for it', async () => {
    await h.call('POST', '/v1/whitelist', key, { type: 'domain', value: 'paypa1-secure.example' });
    const urgent = { subject: 'Urgent', from: 'x@mail.paypa1-secure.example', body_text: 'Verify your account immediately http://198.51.100.9/', mail_from: 'x@mail.paypa1-secure.example' };
    const allowed = (await h.call('POST', '/v1/analyze', key, { ...urgent, client_ip: '192.0.2.1' })).json().data;
    expect(allowed.verdict).toBe('safe');
    expect(allowed.reasons[0]).toMatch(/allow list \(DMARC passed\)/);

    const spoofed = (await h.call('POST', '/v1/analyze', key, { ...urgent, client_ip: '203.0.113.9' })).json().data;
    expect(spoofed.verdict).not.toBe('safe');
    expect(spoofed.reasons.join(' ')).toMatch(/Allow-list entry .* ignored: DMARC failed/);
  });

  it('answers 500 internal_error without internals when the store fails', async () => {
    // CASCADE on PostgreSQL: webhook events and async jobs reference analyses (SQLite has no such keyword).
    await (dialect === 'postgres' ? sql`DROP TABLE analyses CASCADE` : sql`DROP TABLE analyses`).execute(h.store.db);
    const res = await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: { code: 'internal_error', message: 'Internal server error; retry with exponential backoff' } });
    expect(res.body).not.toMatch(/analyses|sqlite|relation|stack|at /i);
    // A failed analysis is not counted: the quota charge rolled back with the failed insert.
    const tenant = (await h.services.tenants.list())[0]!;
    expect((await h.services.quota.state(tenant)).used).toBe(0);
  });
});
