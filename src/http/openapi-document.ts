/**
 * Finishing touches on the generated OpenAPI document, applied to every operation alike so no route can
 * forget them (docs/api.md): an operationId, a server, optional query parameters where the schema has a
 * default, JSON error bodies whatever the success type, and the response headers every answer carries.
 * npm test checks live responses against the result (test/api-contract).
 */

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Headers on every response, errors included (docs/api.md, "Headers"). */
const COMMON_HEADERS: Json = {
  'X-Request-Id': { description: 'Identifier of this request, also in the server log; quote it when reporting a problem.', schema: { type: 'string' }, required: true },
  'X-Quota-Used': { description: "Live analyses this month (0 when the request carried no valid key).", schema: { type: 'string', pattern: '^[0-9]+$' }, required: true },
  'X-Quota-Limit': { description: 'Analyses included this month, or "unlimited".', schema: { type: 'string', pattern: '^([0-9]+|unlimited)$' }, required: true },
  'X-Quota-Remaining': { description: 'Analyses left this month, or "unlimited".', schema: { type: 'string', pattern: '^([0-9]+|unlimited)$' }, required: true },
};

/** On refusals that are worth retrying: 429 (quota, rate limit) and 503. */
const RETRY_AFTER: Json = {
  description: 'Whole seconds to wait before retrying; sent with 429 and 503.',
  schema: { type: 'string', pattern: '^[0-9]+$' },
};

/** `GET /v1/analyses/{id}/feedback` → `getAnalysesByIdFeedback`: stable, unique, derived from method and path. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = param ? `by_${param[1]}` : segment;
      // The lookbehind starts only at the first separator of a run: linear (docs/performance.md).
      return word.replace(/(?<![-_.])[-_.]+([a-z0-9])/gi, (_m, c: string) => c.toUpperCase());
    });
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };

export function finishOpenApiDocument(document: Json): Json {
  document.servers = [{ url: '/', description: 'The phishgate server that serves this document (paths start with /v1)' }];
  document.components ??= {};
  document.components.headers = { ...COMMON_HEADERS, 'Retry-After': RETRY_AFTER };
  const headerRefs = Object.fromEntries(Object.keys(COMMON_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  for (const [path, item] of Object.entries(document.paths ?? {}) as Array<[string, Json]>) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        // A query parameter with a default may be left out: the server fills it in.
        if (parameter.in === 'query' && parameter.schema && 'default' in parameter.schema) parameter.required = false;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {}) as Array<[string, Json]>) {
        const error = /^[45]/.test(status);
        // Errors are the JSON envelope even where success is another type (the raw message, CSV).
        if (error) response.content = errorContent;
        response.headers = { ...headerRefs, ...(error ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}), ...(response.headers ?? {}) };
      }
    }
  }
  return document;
}
