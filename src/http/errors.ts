import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_STATUS, isAppError, type ErrorCode } from '../core/errors.js';
import { drainRequest, type DrainLimits } from './drain-request.js';
import { quotaHeaders } from './auth.js';
import type { RouteTable } from './route-table.js';
import { describeValidationError } from './validation.js';

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
  return reply.status(ERROR_STATUS[code]).send({ success: false, error: { code, message } });
}

/** Fastify's own client errors (body parsing, content type, URL) in the spec's vocabulary. */
function fromFastifyError(error: FastifyError): AppError | null {
  if (error.validation) return new AppError('bad_request', describeValidationError(error.validation as never, error.validationContext));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is larger than the configured limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'Request body is empty; a JSON object is expected');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 'Request body is not valid JSON');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uri_too_long', 'A path segment is too long (identifiers have at most 128 characters)');
    case 'FST_ERR_BAD_URL':
      return new AppError('bad_request', 'The request path is not valid (bad percent-encoding)');
  }
  if (error instanceof SyntaxError || error.statusCode === 400) return new AppError('bad_request', 'Request body is not valid JSON');
  if (error.statusCode === 413) return new AppError('payload_too_large', 'Request body is larger than the configured limit');
  if (error.statusCode === 415) return new AppError('unsupported_media_type', 'Content-Type must be application/json');
  if (error.statusCode === 404) return new AppError('not_found', 'Resource not found');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('bad_request', 'Invalid request');
  return null;
}

/** Retry-After of a 503 whose cause gave no better estimate (a next hop being restarted, typically). */
export const UNAVAILABLE_RETRY_AFTER_S = 60;

export interface ErrorHandlingOptions {
  routes: RouteTable;
  /** Bound on the refused upload read before a 413 is sent. */
  drain: DrainLimits;
}

/**
 * A refused body is read (up to a bound) before the 413 goes out, so the client sees the answer rather
 * than a connection reset; the connection is kept only when the whole body was consumed.
 */
async function answerTooLarge(request: FastifyRequest, reply: FastifyReply, error: AppError, drain: DrainLimits): Promise<FastifyReply> {
  const consumed = await drainRequest(request.raw, drain);
  if (consumed) reply.removeHeader('connection');
  else reply.header('connection', 'close');
  return sendError(reply, error.code, error.message);
}

/** One error handler for every route (architecture rule 5); 5xx bodies never carry internals. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = isAppError(error) ? error : fromFastifyError(error);
    if (known?.code === 'payload_too_large') return answerTooLarge(request, reply, known, options.drain);
    if (known && known.status < 500) return sendError(reply, known.code, known.message, known.retryAfterSeconds);
    request.log.error({ err: error }, 'request failed');
    if (known?.code === 'service_unavailable') {
      return sendError(reply, 'service_unavailable', 'Service temporarily unavailable; retry with backoff', known.retryAfterSeconds ?? UNAVAILABLE_RETRY_AFTER_S);
    }
    return sendError(reply, 'internal_error', 'Internal server error; retry with exponential backoff');
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = options.routes.methodsFor(path);
    if (allowed) {
      reply.header('Allow', allowed.join(', '));
      return sendError(reply, 'method_not_allowed', `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`);
    }
    return sendError(reply, 'not_found', `No route ${request.method} ${path}`);
  });
}

/**
 * Errors Fastify raises before routing (a path parameter over `maxParamLength`, bad percent-encoding)
 * answered in the same envelope as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = fromFastifyError(error) ?? new AppError('bad_request', 'Invalid request');
  // Such a reply bypasses the route hooks: the headers every response carries are set here.
  reply.headers({ ...quotaHeaders(null), 'X-Request-Id': request.id });
  void sendError(reply, known.code, known.message);
}
