import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';

describe('GET /v1/openapi.json', () => {
  let h: Harness;
  let doc: any;
  beforeAll(async () => {
    h = await createHarness();
    doc = (await h.call('GET', '/v1/openapi.json')).json();
  });
  afterAll(() => h.close());

  it('is OpenAPI 3.1 with bearer security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('documents every endpoint of docs/api.md', () => {
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /v1/analyze',
        'GET /v1/analyses/{id}',
        'GET /v1/analyses',
        'POST /v1/whitelist',
        'GET /v1/whitelist',
        'DELETE /v1/whitelist/{id}',
        'POST /v1/blocklist',
        'GET /v1/blocklist',
        'DELETE /v1/blocklist/{id}',
        'GET /v1/usage',
        'GET /v1/keys',
        'POST /v1/keys',
        'DELETE /v1/keys/{id}',
      ]),
    );
  });

  it('generates request and response schemas from the validators', () => {
    const analyze = doc.paths['/v1/analyze'].post;
    const body = analyze.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['subject', 'from', 'to', 'body_text', 'body_html', 'urls', 'headers', 'raw_email', 'client_ip', 'helo', 'mail_from', 'async']);
    const result = doc.components.schemas.AnalysisResult;
    expect(result.required).toContain('authentication');
    expect(Object.keys(result.properties.authentication.properties)).toEqual(['spf', 'dkim', 'dmarc', 'arc']);
    expect(result.properties.authentication.properties.spf.properties.provenance.enum).toEqual(['verified', 'trusted-header', 'claimed', 'none']);
    expect(analyze.responses['200']).toBeDefined();
    // Safe retries (docs/api.md "Retries"): the header, its replay and its conflict are documented.
    const idempotency = analyze.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    expect(idempotency).toMatchObject({ required: false, schema: { type: 'string' } });
    expect(idempotency.description).toMatch(/same analysis_id, no new charge, no new webhook event, also after a restart/);
    expect(idempotency.description).toMatch(/different request body is refused with 400/);
    expect(analyze.description).toMatch(/Idempotent-Replayed: true/);
    expect(analyze.responses['4XX'] ?? analyze.responses['4xx']).toBeDefined();
    const list = doc.paths['/v1/analyses'].get;
    const verdict = list.parameters.find((p: { name: string }) => p.name === 'verdict');
    expect(verdict.schema.enum).toEqual(['safe', 'suspicious', 'phishing']);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, op] of Object.entries(ops)) expect(op.responses, `${method} ${path}`).toHaveProperty('200');
    }
  });
});
