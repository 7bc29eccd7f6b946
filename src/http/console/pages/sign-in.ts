/**
 * Sign-in: an API key is exchanged for a server-side session (docs/console.md). The key is checked by
 * the same KeyService.authenticate as every REST request; attempts are rate-limited per client address,
 * and the form is protected against login CSRF by a double-submitted token.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, isAppError } from '../../../core/errors.js';
import { can, userOf, type ConsoleContext } from '../context.js';
import { list, oneOf, text, type Fields } from '../forms.js';
import { html } from '../html.js';
import { documentShell, sendPage } from '../layout.js';
import { checkCsrf, clearCookie, newFormToken, readCookie, refuseCrossSite, sameToken, setCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from '../session.js';

const SIGN_IN_FORM_TTL_S = 3600;

function signInPage(ctx: ConsoleContext, token: string, problem: string | null) {
  return documentShell(
    ctx,
    'Sign in',
    html`<main id="main" class="narrow">
<h1>phishgate console</h1>
<p>Sign in with an API key of your tenant (<code>svc_live_…</code> or <code>svc_test_…</code>). The console shows that key's tenant and mode, and only what its scopes allow.</p>
${problem ? html`<p class="error" role="alert" id="sign-in-problem">${problem}</p>` : ''}
<form method="post" action="${ctx.at('/sign-in')}" class="stack">
<input type="hidden" name="_csrf" value="${token}">
<label for="api-key">API key</label>
<input id="api-key" name="api_key" type="password" autocomplete="off" spellcheck="false" required maxlength="200"${problem ? html` aria-describedby="sign-in-problem" aria-invalid="true"` : ''}>
<button type="submit">Sign in</button>
</form>
</main>`,
  );
}

export function signInRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  const options = { config: { scope: 'public' as const }, schema: { hide: true } };
  const showForm = (reply: Parameters<typeof sendPage>[0], problem: string | null, status = 200) => {
    const token = newFormToken();
    setCookie(reply, ctx, SIGN_IN_COOKIE, token, SIGN_IN_FORM_TTL_S);
    return sendPage(reply, signInPage(ctx, token, problem), status);
  };

  app.get(ctx.at('/sign-in'), options, async (request, reply) => {
    if (request.consoleUser) return reply.redirect(ctx.at('/'), 303);
    return showForm(reply, null);
  });

  app.post<{ Body: Fields }>(ctx.at('/sign-in'), options, async (request, reply) => {
    refuseCrossSite(request);
    const perMinute = ctx.options.signInPerMinute;
    const decision = await ctx.rateLimiter.take(`console-sign-in:${request.ip}`, { perSecond: perMinute / 60, burst: perMinute });
    if (!decision.allowed) throw new AppError('rate_limited', 'Too many sign-in attempts from this address; wait a minute and try again', { retryAfterSeconds: decision.retryAfterSeconds });
    const fields = request.body ?? {};
    const formToken = readCookie(request, SIGN_IN_COOKIE) ?? '';
    if (!sameToken(text(fields, '_csrf', 100), formToken)) return showForm(reply, 'The sign-in form expired; please try again.', 403);
    let session;
    try {
      session = await ctx.consoleSessions.signIn(text(fields, 'api_key', 200));
    } catch (error) {
      if (isAppError(error) && error.code === 'invalid_api_key') return showForm(reply, 'That API key is not valid (unknown or revoked).', 401);
      throw error;
    }
    const user = await ctx.consoleSessions.resolve(session.token);
    if (!user) throw new AppError('internal_error', 'session vanished right after sign-in');
    if (!can(user, 'read')) {
      await ctx.consoleSessions.signOut(session.token);
      return showForm(reply, 'This key has no "read" scope: the console needs it to show anything.', 403);
    }
    await ctx.audit.record(user.principal, user.operator, { action: 'sign_in', targetType: 'session', targetId: user.key.id });
    clearCookie(reply, ctx, SIGN_IN_COOKIE);
    setCookie(reply, ctx, SESSION_COOKIE, session.token, session.maxAgeSeconds);
    return reply.redirect(ctx.at('/'), 303);
  });

  app.post<{ Body: Fields }>(ctx.at('/sign-out'), options, async (request, reply) => {
    const user = userOf(request);
    checkCsrf(request, user, request.body ?? {});
    await ctx.audit.record(user.principal, user.operator, { action: 'sign_out', targetType: 'session', targetId: user.key.id });
    const token = readCookie(request, SESSION_COOKIE);
    if (token) await ctx.consoleSessions.signOut(token);
    clearCookie(reply, ctx, SESSION_COOKIE);
    return reply.redirect(ctx.at('/sign-in'), 303);
  });

  /** Operators choose which tenant and mode they look at and act for. */
  app.post<{ Body: Fields }>(ctx.at('/view'), options, async (request, reply) => {
    const user = userOf(request);
    const fields = request.body ?? {};
    checkCsrf(request, user, fields);
    const tenantId = list(fields, 'tenant', 1)[0] ?? user.principal.tenant.id;
    const mode = oneOf(fields, 'mode', ['live', 'test'] as const) ?? 'live';
    await ctx.consoleSessions.switchView(user, tenantId, mode === 'live');
    await ctx.audit.record(user.principal, user.operator, { action: 'switch_view', targetType: 'tenant', targetId: tenantId, detail: { mode } });
    return reply.redirect(`${ctx.at('/')}?done=view`, 303);
  });
}
