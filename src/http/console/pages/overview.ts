import type { FastifyInstance } from 'fastify';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { text, type Fields } from '../forms.js';
import { html } from '../html.js';
import { page, sendPage } from '../layout.js';

/** The landing page: who is signed in, the tenant's quota, and the charts (docs/console.md, "Overview"). */
export function overviewRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  app.get<{ Querystring: Fields }>(ctx.at('/'), { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!request.consoleUser) return reply.redirect(ctx.at('/sign-in'), 303);
    const user = userOf(request);
    requireScope(user, 'read');
    const usage = await ctx.usage.usage(user.principal.tenant);
    const tenants = await ctx.consoleSessions.tenantsFor(user);
    const body = html`<section aria-labelledby="quota-h"><h2 id="quota-h">Quota</h2>
<dl class="facts">
<dt>Plan</dt><dd>${usage.plan_name}</dd>
<dt>Used this month</dt><dd>${usage.used}${usage.limit === null ? ' (unlimited)' : ` of ${usage.limit} (${usage.percent}%)`}</dd>
<dt>Live analyses in the last 24 h</dt><dd>${usage.last_24h_count}</dd>
</dl></section>`;
    return sendPage(reply, page(ctx, user, { title: 'Overview', current: '/', done: text(request.query, 'done', 40), tenants }, body));
  });
}
