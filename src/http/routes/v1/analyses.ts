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

/** The filters of the history listing, shared with its export (`GET /v1/analyses/export`). */
export const AnalysisFilterFields = {
  from: Type.Optional(Type.String({ format: 'date', description: 'Start of period, inclusive (UTC date)' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'End of period, inclusive (UTC date)' })),
  verdict: Type.Optional(VerdictSchema),
  source: Type.Optional(SourceSchema),
};

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
      const { limit, offset } = request.query;
      const page = await deps.analysis.list(requirePrincipal(request), { ...analysisFilterOf(request.query), limit, offset });
      return { success: true, data: { ...page, limit, offset } };
    },
  );
}
