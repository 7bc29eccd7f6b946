/**
 * History: search the tenant's analyses (docs/console.md, "History"). A GET form, so every search is a
 * link that can be bookmarked; every filter is read with bounds and passed to the history service,
 * which scopes it to the signed-in tenant and mode.
 */
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../../core/clock.js';
import { VERDICTS } from '../../../core/analysis.js';
import { badRequest } from '../../../core/errors.js';
import type { StoredAnalysis } from '../../../services/analysis-record.js';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { date, oneOf, text, whole, type Fields } from '../forms.js';
import { html, when } from '../html.js';
import { page, pager, sendPage } from '../layout.js';

const PAGE_SIZE = 50;
const SOURCES = ['api', 'smtp', 'milter'] as const;

export const verdictBadge = (verdict: string | null | undefined) => (verdict ? html`<span class="verdict verdict-${verdict}">${verdict}</span>` : html`<span>queued</span>`);

export function historyRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  app.get<{ Querystring: Fields }>(ctx.at('/history'), { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const q = request.query;
    const from = date(q, 'from');
    const to = date(q, 'to');
    if (from && to && to < from) throw badRequest('to: must not be before from');
    const params = {
      from,
      to,
      verdict: oneOf(q, 'verdict', VERDICTS),
      source: oneOf(q, 'source', SOURCES),
      sender: text(q, 'sender', 200),
      recipient: text(q, 'recipient', 200),
      q: text(q, 'q', 200),
      rule: text(q, 'rule', 80).toUpperCase(),
      brand: text(q, 'brand', 100),
    };
    if (params.rule && !/^[A-Z0-9_]+$/.test(params.rule)) throw badRequest('rule: a rule id such as HREF_TEXT_MISMATCH');
    const offset = whole(q, 'offset', 0, 1_000_000, 0);
    // Only the first page updates itself: on a later page new analyses would shift the rows under the reader.
    const refresh = offset === 0 ? whole(q, 'refresh', 5, 3600, 15) : 0;
    const words = params.q.split(/\s+/).filter(Boolean).slice(0, 10);
    const result = await ctx.history.search(user.principal, {
      from: from ? `${from}T00:00:00.000Z` : undefined,
      before: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
      verdict: params.verdict,
      source: params.source,
      sender: params.sender || undefined,
      recipient: params.recipient || undefined,
      subjectWords: words,
      rule: params.rule || undefined,
      brand: params.brand || undefined,
      limit: PAGE_SIZE,
      offset,
    });
    const option = (value: string, current: string | undefined) => html`<option value="${value}"${value === current ? html` selected` : ''}>${value}</option>`;
    const body = html`<form method="get" action="${ctx.at('/history')}" class="filters" role="search" aria-label="Search the history">
<label>From <input type="date" name="from" value="${from ?? ''}"></label>
<label>To <input type="date" name="to" value="${to ?? ''}"></label>
<label>Verdict <select name="verdict"><option value="">any</option>${VERDICTS.map((v) => option(v, params.verdict))}</select></label>
<label>Door <select name="source"><option value="">any</option>${SOURCES.map((s) => option(s, params.source))}</select></label>
<label>Sender <input type="text" name="sender" value="${params.sender}" maxlength="200"></label>
<label>Recipient <input type="text" name="recipient" value="${params.recipient}" maxlength="200"></label>
<label>Subject words <input type="search" name="q" value="${params.q}" maxlength="200"></label>
<label>Rule <input type="text" name="rule" value="${params.rule}" maxlength="80" placeholder="HREF_TEXT_MISMATCH"></label>
<label>Brand <input type="text" name="brand" value="${params.brand}" maxlength="100" placeholder="PayPal"></label>
<button type="submit">Search</button>
</form>
${refresh ? html`<div class="auto-refresh-slot" data-auto-refresh="${refresh}"></div>` : ''}
<div data-live-region="history-results">
${historyTable(ctx, result.items)}
${pager(ctx, '/history', { ...params, q: params.q }, result.total, PAGE_SIZE, offset)}
</div>`;
    return sendPage(reply, page(ctx, user, { title: 'History', current: '/history' }, body));
  });
}

export function historyTable(ctx: ConsoleContext, items: StoredAnalysis[]) {
  if (!items.length) return html`<p>No analysis matches.</p>`;
  return html`<table><caption class="visually-hidden">Analyses, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Verdict</th><th scope="col" class="num">Score</th><th scope="col">Door</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>${items.map(
    (a) => html`<tr><td>${when(a.created_at)}</td><td>${verdictBadge(a.verdict)}</td><td class="num">${a.score === undefined ? '' : a.score.toFixed(2)}</td><td>${a.source}</td><td class="mono address">${a.from}</td><td class="mono address">${a.to}</td><td class="subject"><a href="${ctx.at(`/analyses/${encodeURIComponent(a.analysis_id)}`)}">${a.subject || '(no subject)'}</a></td></tr>`,
  )}</tbody></table>`;
}
