import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../core/errors.js';
import { DAY_MS } from '../../../core/clock.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Page, Pagination, SourceSchema, VerdictSchema, responses } from '../../schemas.js';
import type { V1Deps } from './deps.js';
import type { Verdict } from '../../../core/analysis.js';
import type { Source } from '../../../core/message.js';
import type { AnalysisFilter } from '../../../services/analysis.js';
import { SerializedItems } from '../../serialized-items.js';

/** Characters of serialized list items kept per process (about 2 KB each: some 8,000 analyses). */
export const LIST_ITEM_CACHE_CHARS = 16_000_000;
/** One schema object, so Fastify compiles its serializer once (cached by object). */
const StoredItem = Type.Ref('StoredAnalysis');

/** The filters of the history listing, shared with its export (`GET /v1/analyses/export`). */
export const AnalysisFilterFields = {
  from: Type.Optional(Type.String({ format: 'date', description: 'Start of period, inclusive (UTC date)' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'End of period, inclusive (UTC date)' })),
  verdict: Type.Optional(VerdictSchema),
  source: Type.Optional(SourceSchema),
};

/**
 * The listing's page: a page like every list's (docs/api.md, "Lists and pagination"), whose total is
 * counted up to 1,000 analyses past the page (store/repositories/analyses.ts, COUNT_AHEAD).
 */
const AnalysisPage = Type.Object({
  ...Page(Type.Ref('StoredAnalysis')).properties,
  total: Type.Integer({ description: 'Analyses the filter selects; when total_exact is false, at least this many (counting stops 1,000 past the page)' }),
  total_exact: Type.Boolean({ description: 'false when more than 1,000 analyses follow this page: total is then a lower bound' }),
});

const ListQuery = Type.Object({ ...AnalysisFilterFields, ...Pagination }, { additionalProperties: false });

/** The query's filter fields as the analysis service takes them (UTC dates → instants); 400 on an empty range. */
export function analysisFilterOf(query: { from?: string; to?: string; verdict?: Verdict; source?: Source }): Omit<AnalysisFilter, 'limit' | 'offset'> {
  const { from, to, verdict, source } = query;
  if (from && to && to < from) throw badRequest('to: must not be before from');
  return {
    from: from ? `${from}T00:00:00.000Z` : undefined,
    before: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
    verdict,
    source,
  };
}

export function analysesRoutes(app: FastifyInstance, deps: V1Deps): void {
  const serialized = new SerializedItems(LIST_ITEM_CACHE_CHARS);
  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/analyses/:id',
    {
      config: { scope: 'read' },
      schema: { summary: 'Fetch an analysis (kept 30 days)', tags: ['analysis'], params: IdParams, response: responses(Envelope(Type.Ref('StoredAnalysis'))) },
    },
    async (request) => ({ success: true, data: await deps.analysis.get(requirePrincipal(request), request.params.id) }),
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/analyses',
    {
      config: { scope: 'read' },
      schema: {
        summary: "List the tenant's analyses, newest first",
        tags: ['analysis'],
        querystring: ListQuery,
        response: responses(Envelope(AnalysisPage)),
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      // The page is written here from serialized items (the response schema's own serializer, once per
      // analysis that no longer changes), not parsed and serialized again row by row (docs/performance.md).
      // The copies are taken when the service asks, so one evicted meanwhile by another request is still here.
      const held = new Map<string, string>();
      const known = (id: string): boolean => {
        const json = serialized.get(id);
        if (json !== undefined) held.set(id, json);
        return json !== undefined;
      };
      const page = await deps.analysis.listPage(requirePrincipal(request), { ...analysisFilterOf(request.query), limit, offset }, known);
      const serialize = reply.compileSerializationSchema(StoredItem);
      const items = page.items.map((item) => {
        if (!item.stored) return held.get(item.id)!;
        const json = serialize(item.stored as unknown as Record<string, unknown>);
        if (item.final) serialized.set(item.id, json);
        return json;
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"success":true,"data":{"items":[${items.join(',')}],"total":${page.total},"total_exact":${page.totalExact},"limit":${limit},"offset":${offset}}}`);
    },
  );
}
