import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { installAuth, type AuthDeps } from './auth.js';
import { clientErrorHandler } from './client-errors.js';
import { frameworkErrors, installErrorHandling } from './errors.js';
import { installCors, type CorsOptions } from './cors.js';
import { installQueryIntegerCheck } from './query-integers.js';
import { installRouteTable } from './route-table.js';
import { OneLineRequestLog } from './request-log.js';
import { SHARED_SCHEMAS } from './schemas.js';
import { finishOpenApiDocument } from './openapi-document.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { createValidatorCompiler } from './validation.js';
import { analyzeRoutes, type AnalyzeRouteDeps } from './routes/v1/analyze.js';
import { analysesRoutes } from './routes/v1/analyses.js';
import { allowBlockRoutes } from './routes/v1/lists.js';
import { usageRoutes } from './routes/v1/usage.js';
import { keyRoutes } from './routes/v1/keys.js';
import { webhookRoutes, type WebhookRouteDeps } from './routes/v1/webhooks.js';
import { quarantineRoutes, type QuarantineRouteDeps } from './routes/v1/quarantine.js';
import { feedbackRoutes, type FeedbackRouteDeps } from './routes/v1/feedback.js';
import { exportRoutes } from './routes/v1/export.js';
import { digestRoutes, type DigestRouteDeps } from './routes/v1/digests.js';
import type { V1Deps } from './routes/v1/deps.js';
import { selfServiceRoutes, type SelfServiceRouteDeps } from './self-service/routes.js';
import { installHttpMetrics, opsRoutes } from './routes/ops.js';
import type { Metrics } from '../ops/metrics.js';
import type { Readiness } from '../core/readiness.js';
import { consolePlugin } from './console/plugin.js';
import type { ConsoleDeps, ConsoleOptions } from './console/context.js';
import { auditRoutes } from './routes/v1/audit.js';
import { fastifyTrustProxy, type TrustProxySetting } from './trust-proxy.js';

export interface AppDeps extends V1Deps, AnalyzeRouteDeps, WebhookRouteDeps, AuthDeps, QuarantineRouteDeps, FeedbackRouteDeps, DigestRouteDeps, SelfServiceRouteDeps {
  logger: Logger;
  bodyLimitBytes: number;
  /** `http.trust_proxy` as Fastify takes it: false, a number of hops, or proxy addresses/CIDRs (docs/security.md). */
  trustProxy?: TrustProxySetting;
  version: string;
  readiness: Readiness;
  /** Request metrics are recorded when given; `/metrics` is served here when `serveMetrics` is true. */
  metrics?: Metrics;
  serveMetrics?: boolean;
  /** Browser access from other origins; off when absent or without origins. */
  cors?: CorsOptions;
  /** Extra route plugins (webhooks, quarantine, health, metrics) registered by the composition root. */
  plugins?: Array<(app: FastifyInstance) => void | Promise<void>>;
  /** The admin console (config `console`); not served when absent or disabled. */
  console?: ConsoleOptions;
  consoleSessions?: ConsoleDeps['consoleSessions'];
  history?: ConsoleDeps['history'];
  feedStatus?: ConsoleDeps['feedStatus'];
}

const MAX_PATH_SEGMENT = 128 * 12;
/** A refused upload is read up to twice the body limit (at least 1 MiB) and 10 s before the 413 goes out. */
const MIN_DRAIN_BYTES = 1024 * 1024;
const DRAIN_MS = 10_000;

/** The REST API as a plain Fastify instance (fastify/demo's app-as-plugin): http/door.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Typed as the default instance so route modules stay independent of the logger's concrete type.
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    bodyLimit: deps.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    genReqId: () => randomUUID(),
    logController: new OneLineRequestLog(),
    // During shutdown, a request that already reached us on an open connection is served, not refused:
    // the grace period (shutdown.grace_ms) bounds how long that can go on.
    return503OnClosing: false,
    requestIdHeader: false,
    // Identifiers are documented up to 128 characters; percent-encoding can make one 12 times longer
    // on the wire. Longer ids reach the schema (400); longer path segments still are answered 414.
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { strict: false } },
  });
  const routes = installRouteTable(app);
  // Only JSON bodies: without this, text/plain is parsed as a string and fails validation oddly (415 instead).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(createValidatorCompiler());
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'phishgate REST API', version: deps.version, description: 'Email phishing analysis (docs/api.md).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_live_… or svc_test_… API key' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) => finishOpenApiDocument('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });

  installErrorHandling(app, { routes, drain: { bytes: Math.max(2 * deps.bodyLimitBytes, MIN_DRAIN_BYTES), ms: DRAIN_MS } });
  if (deps.metrics) installHttpMetrics(app, deps.metrics);
  // Before authentication, so preflights need no key and refused requests still carry CORS headers.
  if (deps.cors) installCors(app, routes, deps.cors);
  installAuth(app, deps);
  installQueryIntegerCheck(app);

  analyzeRoutes(app, deps);
  analysesRoutes(app, deps);
  allowBlockRoutes(app, deps);
  usageRoutes(app, deps);
  keyRoutes(app, deps);
  quarantineRoutes(app, deps);
  feedbackRoutes(app, deps);
  exportRoutes(app, deps);
  digestRoutes(app, deps);
  // The recipients' one-click page (docs/recipients.md): its own module under /self-service/.
  selfServiceRoutes(app, deps);
  opsRoutes(app, { readiness: deps.readiness, metrics: deps.serveMetrics && deps.metrics ? deps.metrics : null });
  webhookRoutes(app, deps);
  auditRoutes(app, { audit: deps.audit });
  if (deps.console?.enabled) {
    const { consoleSessions, history } = deps;
    if (!consoleSessions || !history) throw new Error('the console needs the consoleSessions and history services');
    await consolePlugin(app, { ...deps, consoleSessions, history }, deps.console);
  }
  for (const plugin of deps.plugins ?? []) await plugin(app);

  app.get('/v1/openapi.json', { config: { scope: 'public' }, schema: { hide: true } }, async () => app.swagger());
  apiDocsRoutes(app);
  await app.ready();
  return app;
}
