import type { FastifyReply } from 'fastify';
import type { Scope, Tenant } from '../../core/domain.js';
import type { ConsoleUser } from '../../services/console/sessions.js';
import { can, type ConsoleContext } from './context.js';
import { html, type Html, type Part } from './html.js';

interface NavItem {
  path: string;
  label: string;
  scope: Scope;
}

/** Pages in the menu, each shown only to keys with its scope (the pages refuse the others too). */
const NAV: NavItem[] = [
  { path: '/', label: 'Overview', scope: 'read' },
  { path: '/history', label: 'History', scope: 'read' },
  { path: '/quarantine', label: 'Quarantine', scope: 'read' },
  { path: '/lists', label: 'Lists', scope: 'read' },
  { path: '/test', label: 'Test a message', scope: 'write' },
  { path: '/usage', label: 'Usage', scope: 'read' },
  { path: '/webhooks', label: 'Webhooks', scope: 'admin' },
  { path: '/keys', label: 'Keys', scope: 'admin' },
  { path: '/audit', label: 'Audit log', scope: 'admin' },
];

/** Fixed messages shown after an action (`?done=…`): never text taken from the request. */
const DONE: Record<string, string> = {
  released: 'Message released to its recipients.',
  bulk_released: 'Selected messages released.',
  deleted: 'Message deleted.',
  feedback_phishing: 'Marked as phishing.',
  feedback_ham: 'Marked as not phishing.',
  allow_add: 'Allow-list entry saved.',
  block_add: 'Block-list entry saved.',
  list_remove: 'List entry removed.',
  redeliver: 'Delivery queued again.',
  view: 'Now showing the chosen tenant and mode.',
  tested: 'Message analysed: its analysis is below and in the history.',
};

export interface PageOptions {
  title: string;
  /** Path of the menu item to mark as current. */
  current?: string;
  done?: string | undefined;
  tenants?: Tenant[];
}

export function documentShell(ctx: ConsoleContext, title: string, body: Part): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<link rel="icon" href="${ctx.at('/assets/favicon.svg')}" type="image/svg+xml">
<title>${title} · phishgate console</title>
<link rel="stylesheet" href="${ctx.at('/assets/console.css')}">
<script src="${ctx.at('/assets/console.js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${body}
</body>
</html>`;
}

export function csrfField(user: ConsoleUser): Html {
  return html`<input type="hidden" name="_csrf" value="${user.csrfToken}">`;
}

function operatorPicker(ctx: ConsoleContext, user: ConsoleUser, tenants: Tenant[]): Html {
  const current = user.principal.tenant.id;
  return html`<form method="post" action="${ctx.at('/view')}" class="inline view-picker">
${csrfField(user)}
<label for="view-tenant">Tenant</label>
<select id="view-tenant" name="tenant">${tenants.map((t) => html`<option value="${t.id}"${t.id === current ? html` selected` : ''}>${t.name} (${t.id})</option>`)}</select>
<label for="view-mode">Mode</label>
<select id="view-mode" name="mode"><option value="live"${user.principal.livemode ? html` selected` : ''}>live</option><option value="test"${user.principal.livemode ? '' : html` selected`}>test</option></select>
<button type="submit">Show</button>
</form>`;
}

export function page(ctx: ConsoleContext, user: ConsoleUser, options: PageOptions, body: Part): Html {
  const { tenant, livemode } = user.principal;
  const done = options.done && DONE[options.done];
  const nav = NAV.filter((item) => can(user, item.scope)).map(
    (item) => html`<li><a href="${ctx.at(item.path)}"${item.path === options.current ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  );
  return documentShell(
    ctx,
    options.title,
    html`<header class="top">
<p class="brand"><a href="${ctx.at('/')}">phishgate</a></p>
<nav aria-label="Console"><ul>${nav}</ul></nav>
<div class="who">
<p><span class="tenant" title="${tenant.id}">${tenant.name}</span> <span class="mode mode-${livemode ? 'live' : 'test'}">${livemode ? 'live' : 'test'}</span>
<span class="key">key ${user.key.name} · ${user.key.scopes.join(', ')}${user.operator ? ' · operator' : ''}</span></p>
${user.operator && options.tenants ? operatorPicker(ctx, user, options.tenants) : ''}
<form method="post" action="${ctx.at('/sign-out')}" class="inline">${csrfField(user)}<button type="submit">Sign out</button></form>
</div>
</header>
<main id="main" tabindex="-1">
<h1>${options.title}</h1>
${done ? html`<p class="notice" role="status">${done}</p>` : ''}
${body}
</main>`,
  );
}

/** Pagination links keeping the current filters. */
export function pager(ctx: ConsoleContext, path: string, params: Record<string, string | number | undefined>, total: number, limit: number, offset: number): Html {
  const link = (o: number) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, offset: o })) if (v !== undefined && String(v) !== '' && !(k === 'offset' && Number(v) === 0)) search.set(k, String(v));
    const q = search.toString();
    return `${ctx.at(path)}${q ? `?${q}` : ''}`;
  };
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return html`<nav class="pager" aria-label="Pages"><p>${first}–${last} of ${total}</p>
${offset > 0 ? html`<a href="${link(Math.max(0, offset - limit))}" rel="prev">Previous page</a>` : ''}
${offset + limit < total ? html`<a href="${link(offset + limit)}" rel="next">Next page</a>` : ''}
</nav>`;
}

/** Sends a rendered page. */
export const sendPage = (reply: FastifyReply, body: { value: string }, status = 200): FastifyReply => reply.status(status).type('text/html; charset=utf-8').send(body.value);
