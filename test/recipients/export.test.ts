import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/services/export-format.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, SAMPLE_FIELDS, type Harness } from '../support/harness.js';

/** A small RFC 4180 reader for the assertions (quoted cells, doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return rows;
}

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+33 1 23', "'+33 1 23"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
    ['＝1', "'＝1"],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('%j → %s', (value, cell) => expect(csvCell(value)).toBe(cell));
  it('writes numbers as numbers and nothing for null', () => {
    expect([csvCell(-0.5), csvCell(0.97), csvCell(null), csvCell(undefined)]).toEqual(['-0.5', '0.97', '', '']);
  });
});

describe.each(DIALECTS)('GET /v1/analyses/export (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    key = (await h.tenantWithKey({ plan: 'enterprise', scopes: ['read', 'write'] })).key;
  });
  afterEach(() => h.close());

  const analyze = async (fields: Record<string, string>) => (await h.call('POST', '/v1/analyze', key, fields)).json().data;

  it('exports CSV with a header row, newest first, hostile cells defused, filters applied', async () => {
    await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'evil.example' });
    const first = await analyze(SAMPLE_FIELDS);
    h.clock.advance(86_400_000);
    const hostile = await analyze({ subject: '=HYPERLINK("http://evil.example/x","Click")', from: 'boss@evil.example', body_text: 'Wire 5,000 EUR today, "urgently"\nthanks' });
    const res = await h.call('GET', '/v1/analyses/export?format=csv', key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="phishgate-analyses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['analysis_id', 'created_at', 'source', 'status', 'verdict', 'score', 'confidence', 'recommendation', 'subject', 'from', 'to', 'reasons', 'brand_spoofing', 'urls', 'model', 'cost_eur']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([hostile.analysis_id, first.analysis_id]);
    const cells = Object.fromEntries(rows[0]!.map((name, i) => [name, rows[1]![i]]));
    expect(cells.subject).toBe(`'=HYPERLINK("http://evil.example/x","Click")`);
    expect(cells.verdict).toBe('phishing');
    expect(Number(cells.score)).toBe(hostile.score);
    expect(cells.reasons).toBe(hostile.reasons.join(' | '));

    const phishingOnly = parseCsv((await h.call('GET', '/v1/analyses/export?format=csv&verdict=phishing', key)).body);
    expect(phishingOnly.slice(1).map((r) => r[0])).toEqual([hostile.analysis_id]);
    const firstDay = parseCsv((await h.call('GET', '/v1/analyses/export?format=csv&to=2026-11-15', key)).body);
    expect(firstDay.slice(1).map((r) => r[0])).toEqual([first.analysis_id]);
  });

  it('exports JSON lines equal to what GET /v1/analyses/:id returns', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await analyze({ ...SAMPLE_FIELDS, subject: `Notes ${i}\u2028` })).analysis_id);
      h.clock.advance(1000);
    }
    const res = await h.call('GET', '/v1/analyses/export?format=jsonl', key);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((l) => JSON.parse(l));
    expect(records.map((r) => r.analysis_id)).toEqual([...ids].reverse());
    expect(records[0]).toEqual((await h.call('GET', `/v1/analyses/${ids[2]}`, key)).json().data);
  });

  it('refuses a missing or unknown format and an empty range, and shows nothing of another tenant', async () => {
    await analyze(SAMPLE_FIELDS);
    expect((await h.call('GET', '/v1/analyses/export', key)).json().error.message).toBe('format is required');
    expect((await h.call('GET', '/v1/analyses/export?format=xml', key)).json().error.message).toBe('format: must be one of csv, jsonl');
    expect((await h.call('GET', '/v1/analyses/export?format=csv&from=2026-11-16&to=2026-11-15', key)).statusCode).toBe(400);
    const other = await h.tenantWithKey({ scopes: ['read'] });
    expect(parseCsv((await h.call('GET', '/v1/analyses/export?format=csv', other.key)).body)).toHaveLength(1);
    expect((await h.call('GET', '/v1/analyses/export?format=csv')).statusCode).toBe(401);
  });

  it('streams thousands of rows over a real socket, each exactly once, newest first', async () => {
    const tenantId = (await h.services.tenants.list())[0]!.id;
    // 1,234 rows, many sharing one created_at, so the keyset must page on the id too.
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      id: `an_${String(i).padStart(5, '0')}`,
      tenant_id: tenantId,
      livemode: 1,
      source: 'api',
      status: 'completed',
      verdict: 'safe',
      score: 0.1,
      subject: `subject ${i}`,
      from_addr: 'a@b.example',
      to_addr: '',
      result_json: null,
      cost_micros: 0,
      api_key_id: null,
      created_at: `2026-11-15T0${Math.floor(i / 300)}:00:00.000Z`,
      completed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await h.store.db.insertInto('analyses').values(rows.slice(i, i + 200)).execute();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/v1/analyses/export?format=jsonl`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const ids = (await res.text()).trim().split('\n').map((l) => JSON.parse(l).analysis_id);
    const expected = [...rows].sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at))).map((r) => r.id);
    expect(ids).toEqual(expected);
  });

  it('reads the next batch only when the previous one was taken (nothing is read ahead)', async () => {
    for (let i = 0; i < 5; i++) {
      await analyze(SAMPLE_FIELDS);
      h.clock.advance(1000);
    }
    const tenant = (await h.services.tenants.list())[0]!;
    const rows = h.services.analysis.export({ tenant, livemode: true }, {}, 2);
    const seen = [(await rows.next()).value.analysis_id, (await rows.next()).value.analysis_id];
    // Everything not yet read disappears: a generator that had read ahead would still yield it.
    await h.store.db.deleteFrom('analyses').where('id', 'not in', seen).execute();
    expect((await rows.next()).done).toBe(true);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/v1/openapi.json')).json();
    const op = doc.paths['/v1/analyses/export'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['format', 'from', 'to', 'verdict', 'source']);
  });
});
