/**
 * The closed catalogue of expected failures (docs/api.md). Every layer throws `AppError`;
 * each door maps it to its own language (HTTP envelope, SMTP reply, milter action).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  missing_authorization: 401,
  invalid_api_key: 401,
  scope_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  quota_exceeded: 429,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds the client should wait before retrying (sent as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string): AppError => new AppError('bad_request', message);
export const notFound = (what: string): AppError => new AppError('not_found', `${what} not found`);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
