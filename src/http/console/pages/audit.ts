/** The audit log of console, REST API and CLI actions (docs/console.md, "Audit log"); also GET /v1/audit. */
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, AUDIT_VIA, type AuditVia } from '../../../services/console/audit.js';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { oneOf, whole, type Fields } from '../forms.js';
import { html, when } from '../html.js';
import { page, pager, sendPage } from '../layout.js';

const PAGE_SIZE = 50;

const VIA_LABEL: Record<AuditVia, string> = { console: 'console', api: 'REST API', cli: 'command line' };

export function auditPageRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  app.get<{ Querystring: Fields }>(ctx.at('/audit'), { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'admin');
    const action = oneOf(request.query, 'action', AUDIT_ACTIONS);
    const via = oneOf(request.query, 'via', AUDIT_VIA);
    const offset = whole(request.query, 'offset', 0, 1_000_000, 0);
    const { entries, total } = await ctx.audit.list(user.principal, { action, via, limit: PAGE_SIZE, offset });
    const body = html`<form method="get" action="${ctx.at('/audit')}" class="filters" aria-label="Filter the audit log">
<label>Action <select name="action"><option value="">any</option>${AUDIT_ACTIONS.map((a) => html`<option value="${a}"${a === action ? html` selected` : ''}>${a}</option>`)}</select></label>
<label>Where <select name="via"><option value="">anywhere</option>${AUDIT_VIA.map((v) => html`<option value="${v}"${v === via ? html` selected` : ''}>${VIA_LABEL[v]}</option>`)}</select></label>
<button type="submit">Filter</button></form>
${
  entries.length
    ? html`<table><thead><tr><th scope="col">Time</th><th scope="col">Who</th><th scope="col">Where</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Details</th></tr></thead>
<tbody>${entries.map(
        (e) => html`<tr><td>${when(e.createdAt)}</td><td>${e.actorName}${e.operator ? ' (operator)' : ''}</td><td>${VIA_LABEL[e.via as AuditVia] ?? e.via}</td><td>${e.action}</td><td class="mono">${e.targetType} ${e.targetId}</td>
<td>${Object.entries(e.detail).map(([k, v]) => html`<span class="flag">${k}: ${v}</span> `)}</td></tr>`,
      )}</tbody></table>`
    : html`<p>Nothing recorded yet.</p>`
}
${pager(ctx, '/audit', { action, via }, total, PAGE_SIZE, offset)}`;
    return sendPage(reply, page(ctx, user, { title: 'Audit log', current: '/audit' }, body));
  });
}
