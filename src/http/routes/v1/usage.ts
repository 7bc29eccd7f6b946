import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../auth.js';
import { Envelope, Nullable, responses } from '../../schemas.js';
import type { V1Deps } from './deps.js';

const UsageSchema = Type.Object({
  plan_code: Type.String(),
  plan_name: Type.String(),
  used: Type.Integer(),
  limit: Nullable(Type.Integer()),
  percent: Type.Integer(),
  last_24h_count: Type.Integer(),
  last_24h_cost_eur: Type.Number(),
});

export function usageRoutes(app: FastifyInstance, deps: V1Deps): void {
  app.get(
    '/v1/usage',
    {
      config: { scope: 'read' },
      schema: { summary: 'Quota and consumption of the current tenant (docs/api.md)', tags: ['usage'], response: responses(Envelope(UsageSchema)) },
    },
    async (request) => ({ success: true, data: await deps.usage.usage(requirePrincipal(request).tenant) }),
  );
}
