/** Allow and block lists of the tenant and mode (docs/console.md, "Lists"): view, add, remove. */
import type { FastifyInstance } from 'fastify';
import type { ListEntry, ListName } from '../../../core/domain.js';
import { can, requireScope, userOf, type ConsoleContext } from '../context.js';
import { text, whole, type Fields } from '../forms.js';
import { html, when } from '../html.js';
import { csrfField, page, pager, sendPage } from '../layout.js';
import type { ConsoleUser } from '../../../services/console/sessions.js';

const PAGE_SIZE = 50;

export function listRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  app.get<{ Querystring: Fields }>(ctx.at('/lists'), { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const allowOffset = whole(request.query, 'allow_offset', 0, 1_000_000, 0);
    const blockOffset = whole(request.query, 'block_offset', 0, 1_000_000, 0);
    const [allow, block] = await Promise.all([
      ctx.lists.list(user.principal, 'allow', { limit: PAGE_SIZE, offset: allowOffset }),
      ctx.lists.list(user.principal, 'block', { limit: PAGE_SIZE, offset: blockOffset }),
    ]);
    const section = (name: ListName, title: string, entries: ListEntry[], total: number, offset: number) => html`<section aria-labelledby="${name}-h"><h2 id="${name}-h">${title}</h2>
${entries.length ? entryTable(ctx, user, name, entries) : html`<p>No entry.</p>`}
${pager(ctx, '/lists', { [`${name}_offset`]: offset === 0 ? undefined : offset }, total, PAGE_SIZE, offset)}</section>`;
    const body = html`${can(user, 'write') ? addForm(ctx, user) : ''}
${section('block', 'Block list', block.entries, block.total, blockOffset)}
${section('allow', 'Allow list', allow.entries, allow.total, allowOffset)}`;
    return sendPage(reply, page(ctx, user, { title: 'Lists', current: '/lists', done: text(request.query, 'done', 40) }, body));
  });
}

function entryTable(ctx: ConsoleContext, user: ConsoleUser, name: ListName, entries: ListEntry[]) {
  return html`<table><thead><tr><th scope="col">Type</th><th scope="col">Value</th><th scope="col">Recipient</th><th scope="col">Note</th><th scope="col">Added</th><th scope="col">Expires</th>${can(user, 'write') ? html`<th scope="col"><span class="visually-hidden">Remove</span></th>` : ''}</tr></thead>
<tbody>${entries.map(
    (e) => html`<tr><td>${e.type}</td><td class="mono">${e.value}</td><td class="mono">${e.recipient ?? 'everyone'}</td><td>${e.note ?? ''}</td><td>${when(e.createdAt)}</td><td>${e.expiresAt ? when(e.expiresAt) : 'never'}</td>
${can(user, 'write') ? html`<td><form method="post" action="${ctx.at(`/lists/${name}/${encodeURIComponent(e.id)}/delete`)}" data-confirm="Remove this entry?">${csrfField(user)}<button type="submit" class="secondary" aria-label="${`Remove ${e.value}`}">Remove</button></form></td>` : ''}</tr>`,
  )}</tbody></table>`;
}

function addForm(ctx: ConsoleContext, user: ConsoleUser) {
  return html`<form method="post" action="${ctx.at('/actions/list')}" class="filters" aria-label="Add a list entry">
${csrfField(user)}
<label>List <select name="list"><option value="block">block</option><option value="allow">allow</option></select></label>
<label>Type <select name="type"><option value="email">address</option><option value="domain">domain</option></select></label>
<label>Value <input type="text" name="value" required maxlength="320"></label>
<label>Note <input type="text" name="note" maxlength="500"></label>
<label>Expires on <input type="date" name="expires"></label>
<button type="submit">Add entry</button>
</form>`;
}
