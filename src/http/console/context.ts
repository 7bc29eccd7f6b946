import type { FastifyRequest } from 'fastify';
import type { ParseLimits } from '../../mail/parse-raw.js';
import type { AnalysisService } from '../../services/analysis.js';
import type { AuditService } from '../../services/console/audit.js';
import type { ConsoleSessionService, ConsoleUser } from '../../services/console/sessions.js';
import type { FeedStatus } from '../../engine/reputation/feed-set.js';
import type { FeedbackService } from '../../services/feedback.js';
import type { HistoryService } from '../../services/history.js';
import type { KeyService } from '../../services/keys.js';
import type { ListService } from '../../services/lists.js';
import type { QuarantineService, ReleaseDelivery } from '../../services/quarantine.js';
import type { RateLimiter } from '../../services/rate-limiter.js';
import type { UsageService } from '../../services/usage.js';
import type { WebhookService } from '../../services/webhooks/endpoints.js';
import type { Scope } from '../../core/domain.js';
import { AppError } from '../../core/errors.js';
import { grantsAll } from '../auth.js';

/** Console settings from config `console` (docs/console.md). */
export interface ConsoleOptions {
  enabled: boolean;
  /** `/` or a prefix such as `/console`. */
  path: string;
  signInPerMinute: number;
}

/** The services the console calls: the very ones the REST routes call (no side door). */
export interface ConsoleDeps {
  consoleSessions: ConsoleSessionService;
  audit: AuditService;
  analysis: AnalysisService;
  history: HistoryService;
  quarantine: QuarantineService;
  lists: ListService;
  feedback: FeedbackService;
  keys: KeyService;
  webhooks: WebhookService;
  usage: UsageService;
  rateLimiter: RateLimiter;
  releaseDelivery?: ReleaseDelivery | null;
  parseLimits?: ParseLimits;
  /** The URL feeds' state, for the overview's freshness table (docs/reputation.md "Operations"); absent: none shown. */
  feedStatus?: () => FeedStatus[];
}

export interface ConsoleContext extends ConsoleDeps {
  options: ConsoleOptions;
  /** `at('/history')` → the page's path under the configured mount point. */
  at(path: string): string;
}

export function createContext(deps: ConsoleDeps, options: ConsoleOptions): ConsoleContext {
  const base = options.path === '/' ? '' : options.path;
  return { ...deps, options, at: (path) => (path === '/' ? base || '/' : `${base}${path}`) };
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleUser: ConsoleUser | null;
  }
}

/** Thrown when a page needs a signed-in user and there is none: the console answers with the sign-in page. */
export class SignInRequired extends Error {}

export function userOf(request: FastifyRequest): ConsoleUser {
  if (!request.consoleUser) throw new SignInRequired('sign in first');
  return request.consoleUser;
}

export const can = (user: ConsoleUser, scope: Scope): boolean => grantsAll(user.key.scopes, [scope]);

/** The same refusal the REST API gives a key without the scope (403 scope_required). */
export function requireScope(user: ConsoleUser, scope: Scope): void {
  if (!can(user, scope)) throw new AppError('scope_required', `This page or action requires the "${scope}" scope, which the signed-in key does not have`);
}
