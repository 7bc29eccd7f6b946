/**
 * The recipients' self-service page at /self-service/ (docs/recipients.md, "Self-service links"). Mail
 * scanners fetch every URL of a message, so a GET only shows: an action link's GET asks for
 * confirmation, and only the POST of that page acts. The POST must carry the form token of this link for
 * this browser (an HMAC over the link and a random value kept in a SameSite cookie), so another site
 * cannot make a browser post it. Links are bearer secrets: they are kept out of logs and referrers.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../core/errors.js';
import { buildMessagePreview } from '../../mail/message-preview.js';
import { SAFE_HTML_CSP, safeHtmlDocument } from '../../mail/safe-html.js';
import type { ParseLimits } from '../../mail/parse-raw.js';
import type { DigestLanguage } from '../../services/digests/i18n.js';
import type { ReleaseDelivery } from '../../services/quarantine.js';
import { checkFormToken, formToken, MAX_TOKEN_CHARS } from '../../services/self-service/links.js';
import { senderOf, type LinkView, type Refusal, type SelfService } from '../../services/self-service/service.js';
import { confirmationPage, PAGE_CSP, previewPage, refusalPage, resultPage, type FormSpec, type PageContext } from './page.js';
import { PAGE_WORDS } from './words.js';

export interface SelfServiceRouteDeps {
  selfService: SelfService;
  releaseDelivery?: ReleaseDelivery | null;
  /** The tenant's language and time zone (its digest settings). */
  pageSettingsOf?: (tenantId: string) => { language: DigestLanguage; timeZone: string };
  parseLimits?: ParseLimits;
  /** Serve the page at all (`self_service.enabled`). */
  selfServiceEnabled?: boolean;
}

const COOKIE = 'pg_ss';
const COOKIE_PATH = '/';
const FORM_BODY_LIMIT = 4096;

const STATUS: Record<Refusal | 'csrf' | 'unavailable', number> = {
  invalid: 404,
  not_yours: 404,
  expired: 410,
  used: 410,
  gone: 410,
  handled: 409,
  released: 409,
  csrf: 403,
  unavailable: 503,
};

/** Helmet-style headers: nothing cached, framed, sniffed, referred or indexed. */
function secure(reply: FastifyReply, csp: string, frame: 'DENY' | 'SAMEORIGIN' = 'DENY'): FastifyReply {
  return reply
    .header('Content-Security-Policy', csp)
    .header('X-Frame-Options', frame)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .header('Cross-Origin-Opener-Policy', 'same-origin')
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8');
}

function cookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE && value && /^[A-Za-z0-9_-]{24}$/.test(value)) return value;
  }
  return null;
}

/** The browser's random value: reused when the browser sent it, else made and set (SameSite=Lax). */
function browserNonce(request: FastifyRequest, reply: FastifyReply): string {
  const existing = cookieOf(request);
  if (existing) return existing;
  const nonce = randomBytes(18).toString('base64url');
  const secureFlag = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${COOKIE}=${nonce}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secureFlag}`);
  return nonce;
}

/** Links are secrets: the request log shows the route, never the token. */
const logSerializers = { req: (request: FastifyRequest) => ({ method: request.method, url: '/self-service/l/[link]', remoteAddress: request.ip }) };

export function selfServiceRoutes(app: FastifyInstance, deps: SelfServiceRouteDeps): void {
  if (deps.selfServiceEnabled === false) return;
  const { selfService } = deps;
  const contextOf = (tenantId: string | null): PageContext => {
    const settings = tenantId && deps.pageSettingsOf ? deps.pageSettingsOf(tenantId) : { language: 'en' as const, timeZone: 'UTC' };
    return { w: PAGE_WORDS[settings.language], language: settings.language, timeZone: settings.timeZone };
  };
  const refuse = (reply: FastifyReply, ctx: PageContext, reason: Refusal | 'csrf' | 'unavailable') => secure(reply, PAGE_CSP).code(STATUS[reason]).send(refusalPage(ctx, ctx.w.refused[reason]));
  const tokenOk = (token: string) => token.length <= MAX_TOKEN_CHARS;
  const formFor = (secret: string, nonce: string, token: string, action: FormSpec['action']): FormSpec => ({ target: token, csrf: formToken(secret, nonce, token), action });

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get<{ Params: { token: string } }>('/self-service/l/:token', { config: { scope: 'public' }, schema: { hide: true }, logSerializers }, async (request, reply) => {
      const { token } = request.params;
      if (!tokenOk(token)) return refuse(reply, contextOf(null), 'invalid');
      const opened = await selfService.open(token);
      if (!opened.ok) return refuse(reply, contextOf(null), opened.reason);
      const { view } = opened;
      const ctx = contextOf(view.tenant.id);
      const secret = selfService.secrets[0]!;
      const nonce = browserNonce(request, reply);
      if (view.claims.action === 'preview') {
        const preview = await buildMessagePreview(await selfService.raw(view), deps.parseLimits);
        const tokens = selfService.actionTokens(view.claims);
        const forms = (['release', 'release_allow', 'delete'] as const).map((action) => formFor(secret, nonce, tokens[action], action));
        return secure(reply, PAGE_CSP).send(previewPage(ctx, view, preview, preview.html ? `${token}/frame` : null, forms));
      }
      return secure(reply, PAGE_CSP).send(confirmationPage(ctx, view, formFor(secret, nonce, token, view.claims.action), senderOf(view.entry)));
    });

    // The preview's HTML as its own document, shown in a sandboxed frame under the frame policy.
    scope.get<{ Params: { token: string } }>('/self-service/l/:token/frame', { config: { scope: 'public' }, schema: { hide: true }, logSerializers }, async (request, reply) => {
      const { token } = request.params;
      const opened = tokenOk(token) ? await selfService.open(token) : null;
      if (!opened?.ok || opened.view.claims.action !== 'preview') return secure(reply, SAFE_HTML_CSP, 'SAMEORIGIN').code(404).send('');
      const preview = await buildMessagePreview(await selfService.raw(opened.view), deps.parseLimits);
      return secure(reply, SAFE_HTML_CSP, 'SAMEORIGIN').send(preview.html ? safeHtmlDocument(preview.html) : '');
    });

    scope.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
      '/self-service/l/:token',
      { config: { scope: 'public' }, schema: { hide: true }, logSerializers },
      async (request, reply) => {
        const { token } = request.params;
        if (!tokenOk(token)) return refuse(reply, contextOf(null), 'invalid');
        // A browser says where a form came from; one from another site is refused before anything else.
        const site = request.headers['sec-fetch-site'];
        const nonce = cookieOf(request);
        const given = typeof request.body?.csrf === 'string' ? request.body.csrf : '';
        const opened = await selfService.open(token);
        const ctx = contextOf(opened.ok ? opened.view.tenant.id : null);
        if ((site !== undefined && site !== 'same-origin' && site !== 'none') || !nonce || !checkFormToken(selfService.secrets, nonce, token, given)) return refuse(reply, ctx, 'csrf');
        if (!opened.ok) return refuse(reply, ctx, opened.reason);
        let acted;
        try {
          acted = await selfService.act(token, deps.releaseDelivery ?? null);
        } catch (error) {
          if (isAppError(error) && error.code === 'service_unavailable') return refuse(reply, ctx, 'unavailable');
          throw error;
        }
        if (!acted.ok) return refuse(reply, ctx, acted.reason);
        const { outcome } = acted;
        const text = outcome.action === 'release_allow' ? (outcome.allowed ? ctx.w.done.release_allow(outcome.allowed) : ctx.w.done.release) : ctx.w.done[outcome.action];
        return secure(reply, PAGE_CSP).send(resultPage(ctx, text));
      },
    );
  });
}

export type { LinkView };
