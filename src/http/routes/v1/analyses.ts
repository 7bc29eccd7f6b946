import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../core/errors.js';
import { DAY_MS } from '../../../core/clock.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Page, Pagination, SourceSchema, VerdictSchema, responses } from '../../schemas.js';
import type { V1Deps } from './deps.js';

const ListQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'Start of period, inclusive (UTC date)' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'End of period, inclusive (UTC date)' })),
    verdict: Type.Optional(VerdictSchema),
    source: Type.Optional(SourceSchema),
    ...Pagination,
  },
  { additionalProperties: false },
);

export function analysesRoutes(app: FastifyInstance, deps: V1Deps): void {
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
        response: responses(Envelope(Page(Type.Ref('StoredAnalysis')))),
      },
    },
    async (request) => {
      const { from, to, verdict, source, limit, offset } = request.query;
      if (from && to && to < from) throw badRequest('to: must not be before from');
      const before = to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined;
      const page = await deps.analysis.list(requirePrincipal(request), {
        from: from ? `${from}T00:00:00.000Z` : undefined,
        before,
        verdict,
        source,
        limit,
        offset,
      });
      return { success: true, data: { ...page, limit, offset } };
    },
  );
}
