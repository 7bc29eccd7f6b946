import type { FastifyInstance } from 'fastify';
import type { RouteTable } from './route-table.js';
import { trimEndMatching } from '../core/trim.js';

export interface CorsOptions {
  /** Exact origins (`https://dash.example.com`) allowed to call the API from a browser; empty: CORS off. */
  allowedOrigins: string[];
  /** How long a browser may cache a preflight answer. */
  maxAgeSeconds: number;
}

/** Request headers a browser client may send; anything else in a preflight is not granted. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];
/** Response headers a browser client may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = ['X-Quota-Used', 'X-Quota-Limit', 'X-Quota-Remaining', 'Retry-After', 'X-Request-Id', 'Allow', 'Idempotent-Replayed'];

/**
 * Cross-origin access for browser dashboards, off unless origins are configured. Origins are matched
 * exactly (no wildcard: the API is authorised by bearer keys, and a wildcard would let any page that
 * obtained a key use it). Preflights are answered here, before authentication, for known paths only;
 * the real request is then authenticated as usual and carries the CORS headers on errors too.
 */
export function installCors(app: FastifyInstance, routes: RouteTable, options: CorsOptions): void {
  if (options.allowedOrigins.length === 0) return;
  const allowed = new Set(options.allowedOrigins.map((origin) => trimEndMatching(origin, /\//).toLowerCase()));

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('Vary', 'Origin');
    if (!origin || !allowed.has(origin.toLowerCase())) return;
    reply.header('Access-Control-Allow-Origin', origin);
    const wanted = request.headers['access-control-request-method'];
    if (request.method !== 'OPTIONS' || !wanted) {
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
      return;
    }
    const methods = routes.methodsFor(request.url.split('?')[0] ?? '/');
    if (!methods) return;
    reply
      .header('Access-Control-Allow-Methods', methods.join(', '))
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '))
      .header('Access-Control-Max-Age', String(options.maxAgeSeconds));
    return reply.status(204).send();
  });
}
