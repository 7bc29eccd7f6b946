import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock.js';
import { createRetention } from '../../src/jobs/retention.js';
import { retentionSteps } from '../../src/services/retention.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('feedback API (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  let keyId: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    ({ key, keyId } = await h.tenantWithKey());
  });
  afterEach(() => h.close());

  const analyze = async (k = key, fields: Record<string, string> = SAMPLE_FIELDS) => (await h.call('POST', '/v1/analyze', k, fields)).json().data as { analysis_id: string; verdict: string };

  it('labels an analysis, lists it, and replaces the label on a second POST', async () => {
    const analysis = await analyze();
    const first = await h.call('POST', `/v1/analyses/${analysis.analysis_id}/feedback`, key, { label: 'phishing', note: 'the CEO never writes like that' });
    expect(first.statusCode).toBe(200);
    const created = first.json().data;
    expect(created).toEqual({
      id: expect.stringMatching(/^fb_/),
      analysis_id: analysis.analysis_id,
      label: 'phishing',
      note: 'the CEO never writes like that',
      source: 'api',
      actor: keyId,
      verdict: analysis.verdict,
      subject: SAMPLE_FIELDS.subject,
      from: SAMPLE_FIELDS.from,
      message_kept: false,
      created_at: '2026-11-15T12:00:00.000Z',
      updated_at: '2026-11-15T12:00:00.000Z',
    });

    h.clock.advance(60_000);
    const second = (await h.call('POST', `/v1/analyses/${analysis.analysis_id}/feedback`, key, { label: 'ham' })).json().data;
    expect(second).toMatchObject({ id: created.id, label: 'ham', note: null, created_at: created.created_at, updated_at: '2026-11-15T12:01:00.000Z' });

    const listed = (await h.call('GET', '/v1/feedback', key)).json().data;
    expect(listed).toEqual({ items: [second], total: 1, limit: 50, offset: 0 });
    expect((await h.call('GET', `/v1/feedback/${created.id}`, key)).json().data).toEqual(second);
  });

  it('filters and pages like the other lists', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { analysis_id } = await analyze();
      ids.push(analysis_id);
      await h.call('POST', `/v1/analyses/${analysis_id}/feedback`, key, { label: i % 2 ? 'ham' : 'phishing' });
      h.clock.advance(DAY_MS);
    }
    const list = async (query: string) => (await h.call('GET', `/v1/feedback${query}`, key)).json().data;
    expect((await list('?label=phishing')).total).toBe(3);
    expect((await list('?label=ham&source=api')).total).toBe(2);
    expect((await list('?source=release')).total).toBe(0);
    expect((await list('?from=2026-11-16&to=2026-11-17')).items.map((f: { analysis_id: string }) => f.analysis_id)).toEqual([ids[2], ids[1]]);
    expect((await list(`?analysis_id=${ids[4]}`)).items).toHaveLength(1);
    const page = await list('?limit=2&offset=2');
    expect([page.items.length, page.total, page.limit, page.offset]).toEqual([2, 5, 2, 2]);
    expect(page.items.map((f: { analysis_id: string }) => f.analysis_id)).toEqual([ids[2], ids[1]]);
    const bad = await h.call('GET', '/v1/feedback?from=2026-11-18&to=2026-11-17', key);
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'bad_request']);
    expect((await h.call('GET', '/v1/feedback?label=spam', key)).statusCode).toBe(400);
  });

  it('refuses bad labels, unknown analyses, other tenants, other modes and keys without write scope', async () => {
    const { analysis_id } = await analyze();
    const post = (k: string, id: string, body: unknown) => h.call('POST', `/v1/analyses/${id}/feedback`, k, body);
    const bad = await post(key, analysis_id, { label: 'spam' });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'label: must be one of phishing, ham']);
    expect((await post(key, analysis_id, { label: 'ham', colour: 'red' })).json().error.message).toMatch(/unknown field "colour"/);
    expect((await post(key, analysis_id, {})).json().error.message).toBe('label is required');
    expect((await post(key, 'an_missing', { label: 'ham' })).statusCode).toBe(404);

    const other = await h.tenantWithKey();
    const foreign = await post(other.key, analysis_id, { label: 'ham' });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'not_found']);
    const testKey = (await h.tenantWithKey({ tenantId: (await h.services.tenants.list())[0]!.id, mode: 'test' })).key;
    expect((await post(testKey, analysis_id, { label: 'ham' })).statusCode).toBe(404);
    const reader = (await h.tenantWithKey({ scopes: ['read'] })).key;
    expect((await post(reader, analysis_id, { label: 'ham' })).statusCode).toBe(403);

    await post(key, analysis_id, { label: 'ham' });
    expect((await h.call('GET', '/v1/feedback', other.key)).json().data.total).toBe(0);
    expect((await h.call('GET', '/v1/feedback', testKey)).json().data.total).toBe(0);
    expect((await h.call('GET', '/v1/feedback', reader)).statusCode).toBe(200);
  });

  it('cannot label an analysis that retention no longer shows', async () => {
    const { analysis_id } = await analyze();
    h.clock.advance(31 * DAY_MS);
    expect((await h.call('POST', `/v1/analyses/${analysis_id}/feedback`, key, { label: 'ham' })).statusCode).toBe(404);
  });

  it('is deleted by the retention job after feedback.retention_days', async () => {
    const old = (await analyze()).analysis_id;
    await h.call('POST', `/v1/analyses/${old}/feedback`, key, { label: 'ham' });
    h.clock.advance(10 * DAY_MS);
    const recent = (await analyze()).analysis_id;
    await h.call('POST', `/v1/analyses/${recent}/feedback`, key, { label: 'phishing' });
    h.clock.advance(81 * DAY_MS);
    const retention = createRetention({ clock: h.clock, batchSize: 1, steps: retentionSteps(h.store, { analysesDays: 30, feedbackDays: h.config.feedback.retention_days }) });
    expect((await retention.run()).feedback).toBe(1);
    expect((await h.call('GET', '/v1/feedback', key)).json().data.items.map((f: { analysis_id: string }) => f.analysis_id)).toEqual([recent]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/v1/openapi.json')).json();
    expect(Object.keys(doc.paths['/v1/analyses/{id}/feedback'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/v1/feedback'])).toEqual(['get']);
    expect(doc.paths['/v1/analyses/{id}/feedback'].post.requestBody.content['application/json'].schema.properties.label.enum).toEqual(['phishing', 'ham']);
    expect(doc.paths['/v1/feedback'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['from', 'to', 'label', 'source', 'verdict', 'analysis_id', 'limit', 'offset']);
  });
});
