/**
 * The admin console (docs/console.md): server-rendered pages on the HTTP door, mounted at
 * `console.path`. Its own encapsulated Fastify context carries the strict security headers, the form
 * parser, the session lookup and an HTML error page, so none of that touches the REST API.
 */
import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isAppError, type AppError } from '../../core/errors.js';
import { assetRoutes } from './assets.js';
import { createContext, SignInRequired, type ConsoleContext, type ConsoleDeps, type ConsoleOptions } from './context.js';
import { parseForm } from './forms.js';
import { documentShell } from './layout.js';
import { html } from './html.js';
import { readCookie, SESSION_COOKIE } from './session.js';
import { signInRoutes } from './pages/sign-in.js';
import { overviewRoutes } from './pages/overview.js';
import { historyRoutes } from './pages/history.js';
import { analysisRoutes } from './pages/analysis.js';
import { quarantineRoutes } from './pages/quarantine.js';
import { actionRoutes } from './pages/actions.js';
import { listRoutes } from './pages/lists.js';
import { adminRoutes } from './pages/admin.js';
import { auditPageRoutes } from './pages/audit.js';
import { testMessageRoutes } from './pages/test-message.js';

/** The console's own policy: only its own scripts, styles and frames; no inline script anywhere. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The quarantine preview frame is served by the console itself, with its own stricter policy.
  frameSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
};

const FORM_BODY_LIMIT = 256 * 1024;

export type ConsolePages = Array<(app: FastifyInstance, ctx: ConsoleContext) => void>;

export async function consolePlugin(app: FastifyInstance, deps: ConsoleDeps, options: ConsoleOptions, extraPages: ConsolePages = []): Promise<void> {
  if (!options.enabled) return;
  const ctx = createContext(deps, options);
  await app.register(async (scope) => {
    await scope.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      // The console's URLs (ids, filters) never reach another site; its own forms still carry Origin.
      referrerPolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
    });
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    scope.decorateRequest('consoleUser', null);
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const token = readCookie(request, SESSION_COOKIE);
      request.consoleUser = token ? await ctx.consoleSessions.resolve(token) : null;
    });
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof SignInRequired) return reply.redirect(ctx.at('/sign-in'), 303);
      const known: AppError | null = isAppError(error) ? error : null;
      const status = known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 500);
      if (status >= 500) request.log.error({ err: error }, 'console request failed');
      const message = status >= 500 ? 'Something went wrong on the server; try again.' : (known?.message ?? 'The request could not be read.');
      if (known?.retryAfterSeconds !== undefined) reply.header('Retry-After', String(known.retryAfterSeconds));
      return errorPage(reply, ctx, status, message);
    });

    assetRoutes(scope, ctx);
    signInRoutes(scope, ctx);
    overviewRoutes(scope, ctx);
    historyRoutes(scope, ctx);
    analysisRoutes(scope, ctx);
    quarantineRoutes(scope, ctx);
    actionRoutes(scope, ctx);
    listRoutes(scope, ctx);
    adminRoutes(scope, ctx);
    auditPageRoutes(scope, ctx);
    testMessageRoutes(scope, ctx);
    for (const pages of extraPages) pages(scope, ctx);
  });
}

function errorPage(reply: FastifyReply, ctx: ConsoleContext, status: number, message: string): FastifyReply {
  const title = status === 403 ? 'Not allowed' : status === 404 ? 'Not found' : status === 429 ? 'Too many attempts' : status >= 500 ? 'Server error' : 'Request refused';
  const back = html`<p><a href="${ctx.at('/')}">Back to the console</a></p>`;
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(documentShell(ctx, title, html`<main id="main" class="narrow"><h1>${title}</h1><p class="error" role="alert">${message}</p>${back}</main>`).value);
}
