/**
 * An API tester that knows nothing but the published document: requests are generated from
 * /v1/openapi.json (fast-check over each operation's parameter and body schemas, valid and hostile,
 * fixed seed), sent to the real app over a real database, and every answer is checked against the same
 * document with ajv — status documented, body valid for its schema, documented headers present. A
 * response that contradicts the document fails the build, whichever side is wrong (docs/api.md).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { DIALECTS } from '../support/dialects.js';
import { hostileId, hostileQueryValue, SchemaResolver, validValue, wrongJson } from './schema-arbitrary.js';

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const SEED = 20261124;
const RUNS_PER_OPERATION = Number(process.env.PHISHGATE_API_PROPERTY_RUNS ?? 25);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

interface GeneratedRequest {
  url: string;
  method: string;
  auth: 'admin' | 'none' | 'bogus';
  body?: { kind: 'json'; value: unknown } | { kind: 'text'; value: string };
}

const pointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function operationsOf(document: Json): Operation[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

/** The documented response for a status: exact code first, then its class (4XX), then default. */
function documentedResponse(op: Json, status: number): [string, Json] | undefined {
  const responses = op.responses as Record<string, Json>;
  for (const key of [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default']) if (responses[key]) return [key, responses[key]];
  return undefined;
}

/** A media type's `example` or `examples` (OpenAPI allows either), as [name, value]. */
function documentedExamples(media: Json | undefined): Array<[string, unknown]> {
  if (!media) return [];
  if ('example' in media) return [['example', media.example]];
  return Object.entries((media.examples ?? {}) as Record<string, { value: unknown }>).map(([name, e]) => [name, e.value]);
}

function requestArbitrary(operation: Operation, resolver: SchemaResolver, ids: Record<string, string[]>): fc.Arbitrary<GeneratedRequest> {
  const parameters = (operation.op.parameters ?? []) as Json[];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => fc.oneof({ weight: 3, arbitrary: p.name === 'recipient' ? validValue(p.schema, resolver).map(String) : hostileId(ids[p.name] ?? []) }, { weight: 1, arbitrary: validValue(p.schema, resolver).map(String) })));
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(fc.oneof({ weight: 3, arbitrary: validValue(p.schema, resolver).map(String) }, { weight: 1, arbitrary: hostileQueryValue }), { nil: undefined, freq: 2 }).map((v) => [p.name as string, v] as const),
    ),
  );
  const media = operation.op.requestBody?.content?.['application/json'] as Json | undefined;
  const bodySchema = media?.schema as Json | undefined;
  // The document's own examples are valid requests by its word; generated bodies explore around them.
  const examples = documentedExamples(media).map(([, value]) => value);
  const body: fc.Arbitrary<GeneratedRequest['body']> = bodySchema
    ? fc.oneof(
        { weight: examples.length ? 2 : 0, arbitrary: examples.length ? fc.constantFrom(...examples).map((value) => ({ kind: 'json' as const, value })) : fc.constant(undefined as never) },
        { weight: 4, arbitrary: validValue(bodySchema, resolver).map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: wrongJson.map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: fc.constantFrom('{', 'not json', '').map((value) => ({ kind: 'text' as const, value })) },
      )
    : fc.constant(undefined);
  const auth = fc.constantFrom<GeneratedRequest['auth']>('admin', 'admin', 'admin', 'admin', 'none', 'bogus');
  return fc.record({ path, query, body, auth }).map(({ path: values, query: pairs, body: b, auth: a }) => {
    let url = operation.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeURIComponent(values[i]!))));
    const search = new URLSearchParams(pairs.filter(([, v]) => v !== undefined) as Array<[string, string]>).toString();
    return { url: search ? `${url}?${search}` : url, method: operation.method.toUpperCase(), auth: a, ...(b ? { body: b } : {}) };
  });
}

function send(h: Harness, request: GeneratedRequest, adminKey: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (request.auth === 'admin') headers.authorization = `Bearer ${adminKey}`;
  if (request.auth === 'bogus') headers.authorization = 'Bearer svc_live_not-a-real-key';
  if (request.body?.kind === 'json') headers['content-type'] = 'application/json';
  if (request.body?.kind === 'text') headers['content-type'] = 'application/json';
  const payload = request.body === undefined ? undefined : request.body.kind === 'json' ? JSON.stringify(request.body.value) : request.body.value;
  return h.app.inject({ method: request.method as 'GET', url: request.url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** Everything the document promises about one answer; returns the broken promises. */
function contradictions(ajv: Ajv2020, document: Json, operation: Operation, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const documented = documentedResponse(operation.op, res.statusCode);
  if (!documented) return [`status ${res.statusCode} is not documented`];
  const [key, response] = documented;
  if (res.statusCode === 500) problems.push(`500: ${res.body.slice(0, 300)}`);
  if (res.statusCode === 503 && !res.headers['retry-after']) problems.push('503 without Retry-After');
  for (const [name, reference] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    const header = new SchemaResolver(document).resolve(reference);
    const value = res.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) problems.push(`header ${name} missing`);
      continue;
    }
    const validate = ajv.compile(header.schema ?? {});
    if (!validate(String(value))) problems.push(`header ${name}: "${String(value)}" ${ajv.errorsText(validate.errors)}`);
  }
  const content = (response.content ?? {}) as Record<string, Json>;
  if (Object.keys(content).length === 0) return problems;
  const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (!(type in content)) return [...problems, `content-type "${type}" not documented for ${key} (documented: ${Object.keys(content).join(', ')}); body ${res.body.slice(0, 200)}`];
  if (type === 'application/json') {
    const validate = ajv.getSchema(`doc#/${pointer('paths', operation.path, operation.method, 'responses', key, 'content', type, 'schema')}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...problems, `body is not JSON: ${res.body.slice(0, 200)}`];
    }
    if (!validate) problems.push('no schema to validate against');
    else if (!validate(body)) problems.push(`body does not match ${key}: ${ajv.errorsText(validate.errors)}; body ${res.body.slice(0, 300)}`);
  }
  return problems;
}

describe.each(DIALECTS)('the API answers as /v1/openapi.json says (%s, property-based)', (dialect) => {
  let h: Harness;
  let document: Json;
  let ajv: Ajv2020;
  let adminKey: string;
  const ids: Record<string, string[]> = {};

  beforeAll(async () => {
    h = await createHarness({ dialect });
    document = (await h.call('GET', '/v1/openapi.json')).json();
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(document, 'doc');
    const admin = await h.tenantWithKey({ plan: 'enterprise' });
    adminKey = admin.key;
    // Hundreds of requests on a clock that does not move: the rate limit is tested elsewhere (test/http).
    await h.services.tenants.update(admin.tenantId, { ratePerSecond: 1_000_000, rateBurst: 1_000_000_000 });
    // Real identifiers to aim at, besides invented ones; the admin key itself is never among them.
    const spare = await h.tenantWithKey({ tenantId: admin.tenantId });
    const analysis = (await h.call('POST', '/v1/analyze', adminKey, { subject: 'Lunch', from: 'alice@example.com', body_text: 'See you at noon.' })).json();
    const allow = (await h.call('POST', '/v1/whitelist', adminKey, { type: 'domain', value: 'example.org' })).json();
    const block = (await h.call('POST', '/v1/blocklist', adminKey, { type: 'email', value: 'bad@example.net' })).json();
    ids.id = [spare.keyId, analysis.data?.analysis_id, allow.data?.id, block.data?.id].filter(Boolean);
    ids.delivery_id = ['whd_missing'];
  });
  afterAll(() => h?.close());

  it('documents operationId, servers and the common response headers', () => {
    expect(document.servers?.length).toBeGreaterThan(0);
    const operations = operationsOf(document);
    const operationIds = operations.map((o) => o.op.operationId);
    expect(operationIds.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    for (const { op, method, path } of operations) {
      for (const parameter of op.parameters ?? []) {
        if (['limit', 'offset'].includes(parameter.name)) expect(parameter.required, `${method} ${path} ${parameter.name}`).toBe(false);
      }
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toEqual(expect.arrayContaining(['X-Request-Id', 'X-Quota-Used', 'X-Quota-Limit', 'X-Quota-Remaining']));
        if (/^[45]/.test(status)) expect(Object.keys(response.content), `${method} ${path} ${status}`).toEqual(['application/json']);
      }
    }
    expect(document.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toEqual(expect.arrayContaining(['bad_request', 'not_found', 'rate_limited', 'service_unavailable']));
  });

  it('answers every generated request as documented', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const succeeded = new Set<string>();
    for (const operation of operationsOf(document)) {
      // First the document's own request examples, which must succeed as they are.
      for (const [name, value] of documentedExamples(operation.op.requestBody?.content?.['application/json'])) {
        if (operation.path.includes('{')) continue;
        const res = await send(h, { url: operation.path, method: operation.method.toUpperCase(), auth: 'admin', body: { kind: 'json', value } }, adminKey);
        const problems = contradictions(ajv, document, operation, res);
        if (res.statusCode >= 300) problems.push(`documented ${name} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        if (problems.length) failures.push(`${operation.method.toUpperCase()} ${operation.path} ${name}: ${problems.join('; ')}`);
        else succeeded.add(`${operation.method.toUpperCase()} ${operation.path}`);
      }
      const arbitrary = requestArbitrary(operation, new SchemaResolver(document), ids);
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (request) => {
          const res = await send(h, request, adminKey);
          if (res.statusCode < 300) succeeded.add(`${operation.method.toUpperCase()} ${operation.path}`);
          const problems = contradictions(ajv, document, operation, res);
          if (problems.length) throw new Error(problems.join('; '));
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      if (result.failed) failures.push(`${operation.method.toUpperCase()} ${operation.path}: ${JSON.stringify(result.counterexample?.[0])}\n    ${(result.errorInstance as Error | undefined)?.message ?? ''}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The generator must reach past validation: every operation without a path id succeeded at least once.
    const reachable = operationsOf(document).filter((o) => !o.path.includes('{')).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(reachable.filter((o) => !succeeded.has(o))).toEqual([]);
  });

  it('huge offsets and over-long ids are answered inside the document on every list', async () => {
    const lists = operationsOf(document).filter((o) => o.method === 'get' && (o.op.parameters ?? []).some((p: Json) => p.name === 'offset'));
    expect(lists.length).toBeGreaterThan(5);
    for (const operation of lists) {
      const url = operation.path.replace(/\{[^}]+\}/g, 'x');
      for (const offset of ['9223372036854775807', '9223372036854775808', '18446744073709551616', '9007199254740993']) {
        const res = await send(h, { url: `${url}?offset=${offset}`, method: 'GET', auth: 'admin' }, adminKey);
        expect(contradictions(ajv, document, operation, res), `${url} offset=${offset}`).toEqual([]);
        expect([400, 404], `${url} offset=${offset}`).toContain(res.statusCode);
      }
    }
    for (const operation of operationsOf(document).filter((o) => o.path.includes('{id}'))) {
      const url = operation.path.replace('{id}', 'x'.repeat(3000)).replace(/\{[^}]+\}/g, 'x');
      const res = await send(h, { url, method: operation.method.toUpperCase(), auth: 'admin' }, adminKey);
      expect(contradictions(ajv, document, operation, res), `${operation.method} ${url.slice(0, 40)}…`).toEqual([]);
    }
  });
});
