import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

const PHISH = { subject: 'Urgent', from: 'a@evil.example', body_text: 'Verify your account immediately at http://198.51.100.7/ or it will be closed' };

describe.each(DIALECTS)('GET /v1/analyses (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, now: '2026-11-10T10:00:00.000Z', overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  const seed = async () => {
    const ids: string[] = [];
    for (const [day, fields] of [
      ['2026-11-08T23:59:59.000Z', SAMPLE_FIELDS],
      ['2026-11-09T00:00:00.000Z', PHISH],
      ['2026-11-09T12:00:00.000Z', SAMPLE_FIELDS],
      ['2026-11-10T09:00:00.000Z', PHISH],
    ] as const) {
      h.clock.set(day);
      ids.push((await h.call('POST', '/v1/analyze', key, fields)).json().data.analysis_id);
    }
    h.clock.set('2026-11-10T10:00:00.000Z');
    return ids;
  };

  it('lists newest first with total, limit and offset', async () => {
    const ids = await seed();
    const page = (await h.call('GET', '/v1/analyses?limit=2&offset=1', key)).json().data;
    expect(page.total).toBe(4);
    expect(page.total_exact).toBe(true);
    expect(page.limit).toBe(2);
    expect(page.offset).toBe(1);
    expect(page.items.map((i: { analysis_id: string }) => i.analysis_id)).toEqual([ids[2], ids[1]]);
    expect(page.items[0]).toMatchObject({ subject: 'Notes from Tuesday', from: 'tom@vendor.example', source: 'api', status: 'completed' });
    const all = (await h.call('GET', '/v1/analyses', key)).json().data;
    expect(all.limit).toBe(50);
    expect(all.items).toHaveLength(4);
  });

  // docs/api.md "Lists and pagination": the total is counted up to 1,000 analyses past the page.
  it('counts the total up to 1,000 analyses past the page, and says when it stopped there', async () => {
    const { tenantId } = await h.tenantWithKey({ plan: 'enterprise' });
    const bulkKey = (await h.services.keys.create({ tenantId, name: 'bulk', scopes: ['read'], mode: 'live' })).secret;
    const rows = Array.from({ length: 1_100 }, (_, i) => {
      const at = new Date(Date.parse('2026-11-09T00:00:00.000Z') + i * 1000).toISOString();
      return { id: `an_bulk${String(i).padStart(5, '0')}`, tenant_id: tenantId, livemode: 1, source: 'api', subject: 's', from_addr: 'f@x.example', to_addr: 'me@acme.test', api_key_id: null, created_at: at, status: 'completed', verdict: 'safe', score: 0.1, result_json: '{}', cost_micros: 0, completed_at: at };
    });
    for (let i = 0; i < rows.length; i += 100) await h.store.db.insertInto('analyses').values(rows.slice(i, i + 100)).execute();
    const page = async (query: string) => {
      const { total, total_exact, items } = (await h.call('GET', `/v1/analyses?${query}`, bulkKey)).json().data;
      return { total, total_exact, first: items[0]?.analysis_id };
    };
    expect(await page('limit=50')).toEqual({ total: 1_050, total_exact: false, first: 'an_bulk01099' });
    expect(await page('limit=50&offset=49')).toEqual({ total: 1_099, total_exact: false, first: 'an_bulk01050' });
    expect(await page('limit=50&offset=50')).toEqual({ total: 1_100, total_exact: true, first: 'an_bulk01049' });
    expect(await page('limit=50&offset=51')).toEqual({ total: 1_100, total_exact: true, first: 'an_bulk01048' });
    expect(await page('limit=10&offset=2000')).toEqual({ total: 1_100, total_exact: true, first: undefined });
    // A filter narrows what is counted.
    expect(await page('limit=50&from=2026-11-10')).toEqual({ total: 0, total_exact: true, first: undefined });
  });

  it('filters by inclusive UTC dates, verdict and source', async () => {
    const ids = await seed();
    const day = (await h.call('GET', '/v1/analyses?from=2026-11-09&to=2026-11-09', key)).json().data;
    expect(day.items.map((i: { analysis_id: string }) => i.analysis_id)).toEqual([ids[2], ids[1]]);
    const phishing = (await h.call('GET', '/v1/analyses?verdict=phishing', key)).json().data;
    const suspicious = (await h.call('GET', '/v1/analyses?verdict=suspicious', key)).json().data;
    const safe = (await h.call('GET', '/v1/analyses?verdict=safe', key)).json().data;
    expect(phishing.total + suspicious.total).toBe(2);
    expect(safe.total).toBe(2);
    expect((await h.call('GET', '/v1/analyses?source=smtp', key)).json().data.total).toBe(0);
    expect((await h.call('GET', '/v1/analyses?source=api&from=2026-11-10', key)).json().data.total).toBe(1);
  });

  it.each([
    ['limit=0', /limit: must be >= 1/],
    ['limit=201', /limit: must be <= 200/],
    ['limit=abc', /limit: must be integer/],
    ['offset=-1', /offset: must be >= 0/],
    ['from=2026-13-01', /from: must be a valid date/],
    ['from=2026-02-30', /from: must be a valid date/],
    ['to=yesterday', /to: must be a valid date/],
    ['from=2026-11-10&to=2026-11-09', /to: must not be before from/],
    ['verdict=bad', /verdict: must be one of safe, suspicious, phishing/],
    ['source=fax', /source: must be one of api, smtp, milter/],
    ['sort=asc', /unknown field "sort"/],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const res = await h.call('GET', `/v1/analyses?${query}`, key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: expect.stringMatching(message) });
  });

  it('keeps analyses visible for 30 days, then answers 404 not_found', async () => {
    const id = (await h.call('POST', '/v1/analyze', key, SAMPLE_FIELDS)).json().data.analysis_id;
    h.clock.advance(29 * DAY_MS);
    expect((await h.call('GET', `/v1/analyses/${id}`, key)).statusCode).toBe(200);
    h.clock.advance(2 * DAY_MS);
    const gone = await h.call('GET', `/v1/analyses/${id}`, key);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found');
    expect((await h.call('GET', '/v1/analyses', key)).json().data.total).toBe(0);
  });

  it('lists each analysis exactly as GET /v1/analyses/:id shows it, the same from the kept copies, queued ones updated when they complete', async () => {
    // A link the engine normalises carries a stored `original` the response schema leaves out.
    const withOriginal = { ...PHISH, body_html: '<a href="http://www.paypal.com">www.paypal.com</a>' };
    const completed = (await h.call('POST', '/v1/analyze', key, withOriginal)).json().data.analysis_id;
    h.clock.advance(1000);
    const queued = (await h.call('POST', '/v1/analyze', key, { ...SAMPLE_FIELDS, async: true })).json().data.analysis_id;
    const first = await h.call('GET', '/v1/analyses', key);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = first.json().data;
    expect(listed.items.map((i: { analysis_id: string; status: string }) => [i.analysis_id, i.status])).toEqual([[queued, 'queued'], [completed, 'completed']]);
    for (const item of listed.items) expect(item).toEqual((await h.call('GET', `/v1/analyses/${item.analysis_id}`, key)).json().data);
    const stored = await h.store.db.selectFrom('analyses').select('result_json').where('id', '=', completed).executeTakeFirstOrThrow();
    expect(stored.result_json).toMatch(/"original":/);
    expect(JSON.stringify(listed.items[1].urls)).not.toMatch(/original/);
    // Served again from the serialized copy of the completed one: the same bytes.
    expect((await h.call('GET', '/v1/analyses', key)).body).toBe(first.body);

    await h.asyncRunner.drain();
    const after = (await h.call('GET', '/v1/analyses', key)).json().data;
    expect(after.items[0]).toMatchObject({ analysis_id: queued, status: 'completed' });
    expect(after.items[0]).toEqual((await h.call('GET', `/v1/analyses/${queued}`, key)).json().data);
    expect(after.items[1]).toEqual(listed.items[1]);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await h.call('GET', '/v1/analyses/an_doesnotexist', key)).json()).toEqual({
      success: false,
      error: { code: 'not_found', message: 'analysis an_doesnotexist not found' },
    });
  });
});
