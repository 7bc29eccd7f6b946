/**
 * The landing page (docs/console.md, "Overview"): analyses per hour or day by verdict and by door as
 * uPlot charts (served locally), each with the same figures as a table for keyboards and screen
 * readers; top rules and imitated brands, quarantine size, webhook failures, quota use and URL-feed freshness.
 */
import type { FastifyInstance } from 'fastify';
import { DAY_MS, HOUR_MS } from '../../../core/clock.js';
import { OVERVIEW_RANGES, type BucketCount, type Overview } from '../../../services/history.js';
import { requireScope, userOf, type ConsoleContext } from '../context.js';
import { oneOf, text, whole, type Fields } from '../forms.js';
import { bytes, html, type Html } from '../html.js';
import { page, sendPage } from '../layout.js';
import { feedFreshness } from './feed-freshness.js';
import { domainTable, liveThroughput, verdictShare, VERDICT_COLOURS } from './overview-figures.js';

const COLOURS: Record<string, string> = {
  ...VERDICT_COLOURS,
  api: '#0b4f9c',
  smtp: '#6a3d9a',
  milter: '#b15928',
};

interface ChartData {
  title: string;
  unit: 'hour' | 'day';
  /** Bucket start, seconds since the epoch. */
  x: number[];
  series: Array<{ label: string; colour: string; values: number[] }>;
}

/** Every bucket of the range, empty ones included, so the chart's time axis has no gaps. */
function buckets(overview: Overview, now: number): string[] {
  const step = overview.unit === 'hour' ? HOUR_MS : DAY_MS;
  const chars = overview.unit === 'hour' ? 13 : 10;
  const start = Math.floor(Date.parse(overview.since) / step) * step;
  const out: string[] = [];
  for (let t = start; t <= now; t += step) out.push(new Date(t).toISOString().slice(0, chars));
  return out;
}

const bucketStart = (bucket: string): number => Date.parse(bucket.length === 13 ? `${bucket}:00:00Z` : `${bucket}T00:00:00Z`) / 1000;

function chartData(title: string, overview: Overview, counts: BucketCount[], keys: readonly string[], now: number): ChartData {
  const all = buckets(overview, now);
  const present = [...new Set([...keys.filter((k) => counts.some((c) => c.key === k)), ...counts.map((c) => c.key)])];
  const index = new Map(all.map((b, i) => [b, i]));
  const series = present.map((key) => {
    const values = new Array<number>(all.length).fill(0);
    for (const c of counts) if (c.key === key && index.has(c.bucket)) values[index.get(c.bucket)!]! += c.count;
    return { label: key, colour: COLOURS[key] ?? '#333333', values };
  });
  return { title, unit: overview.unit, x: all.map(bucketStart), series };
}

function chart(id: string, data: ChartData): Html {
  const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return html`<figure class="chart" aria-labelledby="${id}-cap">
<figcaption id="${id}-cap">${data.title}</figcaption>
<div class="uplot-chart" id="${id}" data-chart="${JSON.stringify(data)}" role="img" aria-label="${`${data.title}: ${data.series.map((s) => `${s.label} ${total(s.values)}`).join(', ') || 'no analyses'}`}"></div>
<details><summary>The figures as a table</summary>
<table><thead><tr><th scope="col">${data.unit === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'}</th>${data.series.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead>
<tbody>${data.x.map((x, i) => html`<tr><td>${new Date(x * 1000).toISOString().slice(0, data.unit === 'hour' ? 16 : 10).replace('T', ' ')}</td>${data.series.map((s) => html`<td class="num">${s.values[i]}</td>`)}</tr>`)}</tbody></table>
</details></figure>`;
}

function ranking(title: string, rows: Array<{ name: string; count: number }>, link: (name: string) => string, empty: string): Html {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return html`<section aria-labelledby="${title.replace(/\W+/g, '-')}"><h2 id="${title.replace(/\W+/g, '-')}">${title}</h2>
${
  rows.length
    ? html`<table><thead><tr><th scope="col">Name</th><th scope="col" class="num">Analyses</th><th scope="col"><span class="visually-hidden">Share</span></th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td class="mono"><a href="${link(r.name)}">${r.name}</a></td><td class="num">${r.count}</td><td><meter min="0" max="${max}" value="${r.count}" aria-hidden="true"></meter></td></tr>`)}</tbody></table>`
    : html`<p>${empty}</p>`
}</section>`;
}

export function overviewRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  app.get<{ Querystring: Fields }>(ctx.at('/'), { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!request.consoleUser) return reply.redirect(ctx.at('/sign-in'), 303);
    const user = userOf(request);
    requireScope(user, 'read');
    const range = oneOf(request.query, 'range', OVERVIEW_RANGES) ?? '24h';
    const [overview, usage, tenants] = await Promise.all([ctx.history.overview(user.principal, range), ctx.usage.usage(user.principal.tenant), ctx.consoleSessions.tenantsFor(user)]);
    const now = Date.parse(overview.until);
    const search = (params: Record<string, string>) => `${ctx.at('/history')}?${new URLSearchParams(params).toString()}`;
    const refresh = whole(request.query, 'refresh', 5, 3600, 30);
    const body = html`<div class="auto-refresh-slot" data-auto-refresh="${refresh}"></div><nav aria-label="Time range" class="pager"><p>Range:</p>${OVERVIEW_RANGES.map((r) =>
      r === range ? html`<strong aria-current="true">${r}</strong>` : html`<a href="${`${ctx.at('/')}?range=${r}`}">${r}</a>`,
    )}</nav>
<div data-live-region="overview">
<section aria-labelledby="numbers-h"><h2 id="numbers-h">At a glance</h2>
<dl class="facts">
<dt>Quota used this month</dt><dd>${usage.used}${usage.limit === null ? ' (unlimited plan)' : html` of ${usage.limit} <meter min="0" max="100" value="${usage.percent}" aria-label="Quota used">${usage.percent}%</meter> ${usage.percent}%`}</dd>
<dt>Held in quarantine</dt><dd><a href="${ctx.at('/quarantine')}">${overview.quarantine.messages} message${overview.quarantine.messages === 1 ? '' : 's'}</a> (${bytes(overview.quarantine.bytes)})</dd>
<dt>Failed webhook deliveries (${range})</dt><dd>${overview.webhookFailures}</dd>
<dt>Plan</dt><dd>${usage.plan_name}</dd>
${liveThroughput(overview)}
</dl></section>
${verdictShare(overview)}
<div class="grid2">
${chart('chart-verdict', chartData(`Analyses per ${overview.unit} by verdict`, overview, overview.byVerdict, ['phishing', 'suspicious', 'safe', 'queued'], now))}
${chart('chart-door', chartData(`Analyses per ${overview.unit} by door`, overview, overview.bySource, ['api', 'smtp', 'milter'], now))}
</div>
<div class="grid2">
${ranking('Top rules', overview.topRules.map((r) => ({ name: r.id, count: r.count })), (name) => search({ rule: name }), 'No rule fired in this range.')}
${ranking('Top imitated brands', overview.topBrands.map((b) => ({ name: b.brand, count: b.count })), (name) => search({ brand: name }), 'No brand imitated in this range.')}
</div>
${domainTable(overview.topDomains, (domain) => search({ sender: domain }))}
<p class="note">Rules, brands and domains are counted over the newest ${overview.sampled} analyses of the range. </p>
${feedFreshness(ctx.feedStatus?.() ?? [], Date.now() /* the feeds' load times are the wall clock's */)}
</div>
<link rel="stylesheet" href="${ctx.at('/assets/uplot.css')}">
<script src="${ctx.at('/assets/uplot.js')}" defer></script>
<script src="${ctx.at('/assets/charts.js')}" defer></script>`;
    return sendPage(reply, page(ctx, user, { title: 'Overview', current: '/', done: text(request.query, 'done', 40), tenants }, body));
  });
}
