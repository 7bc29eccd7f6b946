/**
 * Quarantine (docs/console.md, "Quarantine"): list and filter held messages, bulk release; one message
 * with its safe preview (headers, text, the HTML part in a sandboxed frame under its own CSP), the raw
 * `.eml` download, and the actions the key's scopes allow.
 */
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../../core/clock.js';
import { VERDICTS } from '../../../core/analysis.js';
import { badRequest } from '../../../core/errors.js';
import { buildMessagePreview } from '../../../mail/message-preview.js';
import type { QuarantineEntry } from '../../../services/quarantine.js';
import { can, requireScope, userOf, type ConsoleContext } from '../context.js';
import { date, oneOf, text, whole, type Fields } from '../forms.js';
import { bytes, html, when } from '../html.js';
import { csrfField, page, pager, sendPage } from '../layout.js';
import { previewView, sendPreviewFrame } from '../preview.js';
import { analysisActions } from './actions-view.js';
import { verdictBadge } from './history.js';

const PAGE_SIZE = 50;
const SOURCES = ['smtp', 'milter'] as const;
const STATES = ['held', 'released', 'all'] as const;

export function quarantineRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  const options = { config: { scope: 'public' as const }, schema: { hide: true } };

  app.get<{ Querystring: Fields }>(ctx.at('/quarantine'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const q = request.query;
    const from = date(q, 'from');
    const to = date(q, 'to');
    if (from && to && to < from) throw badRequest('to: must not be before from');
    const params = { from, to, verdict: oneOf(q, 'verdict', VERDICTS), source: oneOf(q, 'source', SOURCES), state: oneOf(q, 'state', STATES) ?? 'held', q: text(q, 'q', 200) };
    const offset = whole(q, 'offset', 0, 1_000_000, 0);
    const result = await ctx.quarantine.list(user.principal, {
      from: from ? `${from}T00:00:00.000Z` : undefined,
      before: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
      verdict: params.verdict,
      source: params.source,
      released: params.state === 'all' ? undefined : params.state === 'released',
      search: params.q || undefined,
      limit: PAGE_SIZE,
      offset,
    });
    const option = (value: string, current: string | undefined) => html`<option value="${value}"${value === current ? html` selected` : ''}>${value}</option>`;
    const writable = can(user, 'write');
    const rows = result.entries.map(
      (e) => html`<tr>
${writable ? html`<td>${e.releasedAt ? '' : html`<input type="checkbox" name="id" value="${e.id}" form="bulk" id="pick-${e.id}" aria-label="${`Select: ${e.subject || '(no subject)'}`}">`}</td>` : ''}
<td>${when(e.createdAt)}</td><td>${verdictBadge(e.verdict)}</td><td class="num">${e.score.toFixed(2)}</td><td class="mono address">${e.from || e.mailFrom}</td><td class="mono address">${e.rcptTo.join(', ')}</td>
<td class="subject"><a href="${ctx.at(`/quarantine/${encodeURIComponent(e.id)}`)}">${e.subject || '(no subject)'}</a></td><td class="num">${bytes(e.size)}</td><td>${e.releasedAt ? `released ${when(e.releasedAt)}` : 'held'}</td></tr>`,
    );
    const body = html`<form method="get" action="${ctx.at('/quarantine')}" class="filters" role="search" aria-label="Search the quarantine">
<label>Sender or subject <input type="search" name="q" value="${params.q}" maxlength="200"></label>
<label>From <input type="date" name="from" value="${from ?? ''}"></label>
<label>To <input type="date" name="to" value="${to ?? ''}"></label>
<label>Verdict <select name="verdict"><option value="">any</option>${VERDICTS.map((v) => option(v, params.verdict))}</select></label>
<label>Door <select name="source"><option value="">any</option>${SOURCES.map((s) => option(s, params.source))}</select></label>
<label>State <select name="state">${STATES.map((s) => option(s, params.state))}</select></label>
<button type="submit">Search</button>
</form>
${
  result.entries.length
    ? html`${writable ? html`<form method="post" action="${ctx.at('/quarantine/bulk-release')}" id="bulk" data-confirm="Release the selected messages to their recipients?">${csrfField(user)}
<p><label><input type="checkbox" data-select-all="bulk-table"> Select all held messages on this page</label> <button type="submit">Release selected</button></p></form>` : ''}
<table id="bulk-table"><caption class="visually-hidden">Quarantined messages, newest first</caption>
<thead><tr>${writable ? html`<th scope="col"><span class="visually-hidden">Select</span></th>` : ''}<th scope="col">Time</th><th scope="col">Verdict</th><th scope="col" class="num">Score</th><th scope="col">From</th><th scope="col">Recipients</th><th scope="col">Subject</th><th scope="col" class="num">Size</th><th scope="col">State</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : html`<p>No quarantined message matches.</p>`
}
${pager(ctx, '/quarantine', params, result.total, PAGE_SIZE, offset)}`;
    return sendPage(reply, page(ctx, user, { title: 'Quarantine', current: '/quarantine', done: text(q, 'done', 40) }, body));
  });

  app.get<{ Params: { id: string }; Querystring: Fields }>(ctx.at('/quarantine/:id'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const entry = await ctx.quarantine.get(user.principal, request.params.id.slice(0, 128));
    const preview = await buildMessagePreview(await ctx.quarantine.raw(user.principal, entry.id), ctx.parseLimits);
    const frameUrl = ctx.at(`/quarantine/${encodeURIComponent(entry.id)}/frame`);
    const body = html`${entryFacts(ctx, entry)}
<p><a href="${ctx.at(`/quarantine/${encodeURIComponent(entry.id)}/raw`)}" download="${`${entry.id}.eml`}">Download the raw message (.eml)</a></p>
${can(user, 'write') ? analysisActions(ctx, user, { analysisId: entry.analysisId, from: entry.from || entry.mailFrom, quarantineId: entry.releasedAt ? null : entry.id, back: `/quarantine/${entry.id}`, verdict: entry.verdict }) : ''}
<h2>Safe preview</h2>
${previewView(preview, { frameUrl, headingLevel: 3 })}`;
    return sendPage(reply, page(ctx, user, { title: entry.subject ? `Quarantined: ${entry.subject}` : 'Quarantined message', current: '/quarantine', done: text(request.query, 'done', 40) }, body));
  });

  app.get<{ Params: { id: string } }>(ctx.at('/quarantine/:id/frame'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const raw = await ctx.quarantine.raw(user.principal, request.params.id.slice(0, 128));
    const preview = await buildMessagePreview(raw, ctx.parseLimits);
    return sendPreviewFrame(reply, preview.html);
  });

  app.get<{ Params: { id: string } }>(ctx.at('/quarantine/:id/raw'), options, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const entry = await ctx.quarantine.get(user.principal, request.params.id.slice(0, 128));
    const raw = await ctx.quarantine.raw(user.principal, entry.id);
    // An attachment of an inert type: the browser saves it and never renders it.
    return reply.type('message/rfc822').header('Content-Disposition', `attachment; filename="${entry.id}.eml"`).send(raw);
  });
}

function entryFacts(ctx: ConsoleContext, e: QuarantineEntry) {
  return html`<dl class="facts">
<dt>Verdict</dt><dd>${verdictBadge(e.verdict)} (score ${e.score.toFixed(3)}) — <a href="${ctx.at(`/analyses/${encodeURIComponent(e.analysisId)}`)}">the analysis</a></dd>
<dt>Reasons</dt><dd>${e.reasons.length ? html`<ul>${e.reasons.map((r) => html`<li>${r}</li>`)}</ul>` : 'none'}</dd>
<dt>Envelope sender</dt><dd class="mono">${e.mailFrom || '(null sender)'}</dd>
<dt>Recipients</dt><dd class="mono">${e.rcptTo.join(', ')}</dd>
<dt>From header</dt><dd class="mono">${e.from}</dd>
<dt>Received</dt><dd>${when(e.createdAt)} by the ${e.source} door${e.clientAddress ? ` from ${e.clientAddress}` : ''}${e.clientHelo ? ` (HELO ${e.clientHelo})` : ''}${e.queueId ? `, queue id ${e.queueId}` : ''}</dd>
<dt>Size</dt><dd>${bytes(e.size)}</dd>
<dt>State</dt><dd>${e.releasedAt ? `released ${when(e.releasedAt)} by ${e.releasedBy ?? 'unknown'}${e.releaseReply ? ` (next hop: ${e.releaseReply})` : ''}` : 'held'}</dd>
</dl>`;
}
