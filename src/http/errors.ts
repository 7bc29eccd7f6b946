import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError, ERROR_STATUS, isAppError, type ErrorCode } from '../core/errors.js';
import { describeValidationError } from './validation.js';

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
  return reply.status(ERROR_STATUS[code]).send({ success: false, error: { code, message } });
}

/** Fastify's own client errors (body parsing, content type) in the spec's vocabulary. */
function fromFastifyError(error: FastifyError): AppError | null {
  if (error.validation) return new AppError('bad_request', describeValidationError(error.validation as never, error.validationContext));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is larger than the configured limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('bad_request', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'Request body is empty; a JSON object is expected');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 'Request body is not valid JSON');
  }
  if (error instanceof SyntaxError || error.statusCode === 400) return new AppError('bad_request', 'Request body is not valid JSON');
  if (error.statusCode === 413) return new AppError('payload_too_large', 'Request body is larger than the configured limit');
  if (error.statusCode === 404) return new AppError('not_found', 'Resource not found');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('bad_request', 'Invalid request');
  return null;
}

/** One error handler for every route (architecture rule 5); 5xx bodies never carry internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = isAppError(error) ? error : fromFastifyError(error);
    if (known && known.status < 500) return sendError(reply, known.code, known.message, known.retryAfterSeconds);
    request.log.error({ err: error }, 'request failed');
    if (known?.code === 'service_unavailable') return sendError(reply, 'service_unavailable', 'Service temporarily unavailable; retry with backoff', known.retryAfterSeconds);
    return sendError(reply, 'internal_error', 'Internal server error; retry with exponential backoff');
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
}
