/**
 * Usage (read), keys and webhooks (admin) of the tenant and mode (docs/console.md). Read-only views
 * over the same services as the REST API, plus "redeliver" for a failed webhook delivery.
 */
import type { FastifyInstance } from 'fastify';
import { DELIVERY_STATUSES } from '../../../core/webhook.js';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { id, oneOf, text, whole, type Fields } from '../forms.js';
import { html, when } from '../html.js';
import { csrfField, page, pager, sendPage } from '../layout.js';
import { checkCsrf } from '../session.js';

const PAGE_SIZE = 50;

export function adminRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  const options = { config: { scope: 'public' as const }, schema: { hide: true } };

  app.get(ctx.at('/usage'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const usage = await ctx.usage.usage(user.principal.tenant);
    const body = html`<dl class="facts">
<dt>Plan</dt><dd>${usage.plan_name} (${usage.plan_code})</dd>
<dt>Analyses this month</dt><dd>${usage.used}</dd>
<dt>Included quota</dt><dd>${usage.limit === null ? 'unlimited' : usage.limit}</dd>
<dt>Quota used</dt><dd><meter min="0" max="100" value="${usage.percent}" aria-label="Quota used">${usage.percent}%</meter> ${usage.percent}%</dd>
<dt>Live analyses, last 24 h</dt><dd>${usage.last_24h_count}</dd>
<dt>Cost, last 24 h</dt><dd>${usage.last_24h_cost_eur.toFixed(4)} EUR</dd>
</dl>
<p>Usage counts live analyses of the tenant (test keys are free and not counted).</p>`;
    return sendPage(reply, page(ctx, user, { title: 'Usage', current: '/usage' }, body));
  });

  app.get<{ Querystring: Fields }>(ctx.at('/keys'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'admin');
    const keys = await ctx.keys.list(user.principal.tenant.id, user.principal.livemode ? 'live' : 'test');
    const body = html`<p>Keys of this tenant in ${user.principal.livemode ? 'live' : 'test'} mode. Create and revoke keys with <code>phishgate key</code> or the REST API; the secret is shown only once, at creation.</p>
<table><thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead>
<tbody>${keys.map((k) => html`<tr><td>${k.name}</td><td class="mono">${k.prefix}…</td><td>${k.scopes.join(', ')}</td><td>${when(k.createdAt)}</td><td>${when(k.lastUsedAt) || 'never'}</td><td>${k.revokedAt ? `revoked ${when(k.revokedAt)}` : 'active'}</td></tr>`)}</tbody></table>`;
    return sendPage(reply, page(ctx, user, { title: 'API keys', current: '/keys' }, body));
  });

  app.get<{ Querystring: Fields }>(ctx.at('/webhooks'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'admin');
    const { webhooks } = await ctx.webhooks.list(user.principal, { limit: 100, offset: 0 });
    const body = webhooks.length
      ? html`<table><thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Created</th></tr></thead>
<tbody>${webhooks.map((w) => html`<tr><td class="mono"><a href="${ctx.at(`/webhooks/${encodeURIComponent(w.id)}`)}">${w.url}</a></td><td>${w.events.join(', ')}</td><td>${when(w.createdAt)}</td></tr>`)}</tbody></table>`
      : html`<p>No webhook endpoint. Add one with <code>POST /v1/webhooks</code>.</p>`;
    return sendPage(reply, page(ctx, user, { title: 'Webhooks', current: '/webhooks' }, body));
  });

  app.get<{ Params: { id: string }; Querystring: Fields }>(ctx.at('/webhooks/:id'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'admin');
    const webhookId = id({ id: request.params.id }, 'id');
    const webhook = await ctx.webhooks.get(user.principal, webhookId);
    const status = oneOf(request.query, 'status', DELIVERY_STATUSES);
    const offset = whole(request.query, 'offset', 0, 1_000_000, 0);
    const { deliveries, total } = await ctx.webhooks.deliveries(user.principal, webhookId, { status, limit: PAGE_SIZE, offset });
    const body = html`<p class="mono">${webhook.url}</p>
<form method="get" action="${ctx.at(`/webhooks/${encodeURIComponent(webhookId)}`)}" class="filters" aria-label="Filter deliveries">
<label>Status <select name="status"><option value="">any</option>${DELIVERY_STATUSES.map((s) => html`<option value="${s}"${s === status ? html` selected` : ''}>${s}</option>`)}</select></label>
<button type="submit">Filter</button></form>
<h2>Delivery log</h2>
${
  deliveries.length
    ? html`<table><thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">Analysis</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th><th scope="col">Last attempt</th><th scope="col"><span class="visually-hidden">Redeliver</span></th></tr></thead>
<tbody>${deliveries.map((d) => {
        const last = d.attempts[d.attempts.length - 1];
        return html`<tr><td>${when(d.createdAt)}</td><td>${d.eventType}</td><td class="mono"><a href="${ctx.at(`/analyses/${encodeURIComponent(d.analysisId)}`)}">${d.analysisId}</a></td><td>${d.status}</td><td class="num">${d.attemptCount}</td>
<td>${last ? `${when(last.startedAt)} · ${last.statusCode ?? last.error ?? ''}` : ''}</td>
<td>${d.status === 'failed' ? html`<form method="post" action="${ctx.at(`/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(d.id)}/redeliver`)}">${csrfField(user)}<button type="submit" class="secondary">Redeliver</button></form>` : ''}</td></tr>`;
      })}</tbody></table>`
    : html`<p>No delivery.</p>`
}
${pager(ctx, `/webhooks/${webhookId}`, { status }, total, PAGE_SIZE, offset)}`;
    return sendPage(reply, page(ctx, user, { title: 'Webhook deliveries', current: '/webhooks', done: text(request.query, 'done', 40) }, body));
  });

  app.post<{ Params: { id: string; delivery: string }; Body: Fields }>(ctx.at('/webhooks/:id/deliveries/:delivery/redeliver'), options, async (request, reply) => {
    const user = userOf(request);
    checkCsrf(request, user, request.body ?? {});
    requireScope(user, 'admin');
    const webhookId = id({ id: request.params.id }, 'id');
    const deliveryId = id({ id: request.params.delivery }, 'id');
    await ctx.webhooks.redeliver(user.principal, webhookId, deliveryId);
    await ctx.audit.record(user.principal, user.operator, { action: 'redeliver', targetType: 'webhook_delivery', targetId: deliveryId, detail: { webhook: webhookId } });
    return reply.redirect(`${ctx.at(`/webhooks/${webhookId}`)}?done=redeliver`, 303);
  });
}
