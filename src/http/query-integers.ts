import type { FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors.js';

interface QuerySchema {
  properties?: Record<string, { type?: unknown }>;
}

const WHOLE_NUMBER = /^-?[0-9]+$/;

/**
 * Query integers are checked as written, before the coercing validator turns them into numbers:
 * `offset=9007199254740993` would otherwise become 2^53 silently, `offset=1e3` 1000, and `limit=2.0` 2.
 * A value that is not a plain whole number within ±(2^53 − 1) is a 400 naming the parameter; the
 * route's schema then applies its own range.
 */
export function installQueryIntegerCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.querystring as QuerySchema | undefined;
    if (!schema?.properties) return;
    const query = request.query as Record<string, unknown>;
    for (const [name, property] of Object.entries(schema.properties)) {
      if (property.type !== 'integer') continue;
      const raw = query[name];
      if (typeof raw !== 'string') continue;
      if (!WHOLE_NUMBER.test(raw)) throw badRequest(`${name}: must be integer, got "${raw.slice(0, 40)}"`);
      if (!Number.isSafeInteger(Number(raw))) throw badRequest(`${name}: must be <= ${Number.MAX_SAFE_INTEGER}`);
    }
  });
}
