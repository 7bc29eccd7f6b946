import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../ops/metrics.js';
import type { Readiness } from '../../core/readiness.js';

export interface OpsRouteDeps {
  readiness: Readiness;
  /** Serve /metrics on this (API) port; null when disabled or served on its own listener. */
  metrics: Metrics | null;
}

const Health = Type.Object({ status: Type.String() });
const Ready = Type.Object({ status: Type.String(), checks: Type.Record(Type.String(), Type.String()) });

/** Operations endpoints (docs/operations.md): no auth, not rate limited, not counted against any quota. */
export function opsRoutes(app: FastifyInstance, deps: OpsRouteDeps): void {
  app.get('/healthz', { config: { scope: 'public' }, schema: { hide: true, response: { 200: Health } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { scope: 'public' }, schema: { hide: true, response: { 200: Ready, 503: Ready } } }, async (_request, reply) => {
    const { ready, checks } = await deps.readiness.evaluate();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  if (deps.metrics) {
    const { registry } = deps.metrics;
    app.get('/metrics', { config: { scope: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      reply.header('Content-Type', registry.contentType);
      return registry.metrics();
    });
  }
}

/** Counts every response by route template (never the raw URL: ids would explode the label set). */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });
}
