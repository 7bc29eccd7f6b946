/**
 * One analysis (docs/console.md, "History"): verdict, score, reasons, every rule with its weight,
 * indicators, URLs with flags and unwrapped targets, authentication facts, coverage notes, the webhook
 * events it caused, and the actions the key's scopes allow.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthenticationFacts } from '../../../core/authentication.js';
import type { ConsoleUser } from '../../../services/console/sessions.js';
import type { AnalysisDetail } from '../../../services/history.js';
import { can, requireScope, userOf, type ConsoleContext } from '../context.js';
import { text, type Fields } from '../forms.js';
import { html, when, type Html } from '../html.js';
import { page, sendPage } from '../layout.js';
import { verdictBadge } from './history.js';
import { analysisActions } from './actions-view.js';

export function analysisRoutes(app: FastifyInstance, ctx: ConsoleContext): void {
  app.get<{ Params: { id: string }; Querystring: Fields }>(ctx.at('/analyses/:id'), { config: { scope: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const user = userOf(request);
    requireScope(user, 'read');
    const detail = await ctx.history.detail(user.principal, request.params.id.slice(0, 128));
    const quarantined = await ctx.history.quarantineEntryOf(user.principal, detail.analysis.analysis_id);
    const feedback = await ctx.feedback.ofAnalysis(user.principal, detail.analysis.analysis_id);
    const body = html`${summary(detail, feedback ? `${feedback.label === 'phishing' ? 'phishing' : 'not phishing'} (${feedback.source}, ${when(feedback.updatedAt)})` : null, quarantined ? html`<a href="${ctx.at(`/quarantine/${encodeURIComponent(quarantined.id)}`)}">${quarantined.releasedAt ? `released ${when(quarantined.releasedAt)}` : 'held in quarantine'}</a>` : null)}
${can(user, 'write') ? analysisActions(ctx, user, { analysisId: detail.analysis.analysis_id, from: detail.analysis.from, quarantineId: quarantined && !quarantined.releasedAt ? quarantined.id : null, back: `/analyses/${detail.analysis.analysis_id}`, verdict: detail.analysis.verdict }) : ''}
${reasonsAndRules(detail)}
${indicators(detail)}
${urls(detail)}
${authentication(detail.analysis.authentication)}
${coverage(detail)}
${webhookEvents(detail, user)}`;
    return sendPage(reply, page(ctx, user, { title: `Analysis ${detail.analysis.analysis_id}`, current: '/history', done: text(request.query, 'done', 40) }, body));
  });
}

function summary(detail: AnalysisDetail, label: string | null, quarantine: Html | null): Html {
  const a = detail.analysis;
  return html`<dl class="facts">
<dt>Verdict</dt><dd>${verdictBadge(a.verdict)}${a.recommendation ? ` — recommendation: ${a.recommendation}` : ''}</dd>
<dt>Score</dt><dd>${a.score === undefined ? '' : a.score.toFixed(3)}${a.confidence === undefined ? '' : ` (confidence ${a.confidence.toFixed(2)})`}</dd>
<dt>Subject</dt><dd>${a.subject || '(no subject)'}</dd>
<dt>From</dt><dd class="mono address">${a.from}</dd>
<dt>To</dt><dd class="mono address">${a.to}</dd>
<dt>Door</dt><dd>${a.source}</dd>
<dt>Time</dt><dd>${when(a.created_at)}</dd>
<dt>Model</dt><dd>${a.model ?? ''}</dd>
${label ? html`<dt>Feedback</dt><dd>${label}</dd>` : ''}
${quarantine ? html`<dt>Quarantine</dt><dd>${quarantine}</dd>` : ''}
</dl>`;
}

function reasonsAndRules(detail: AnalysisDetail): Html {
  const reasons = detail.analysis.reasons ?? [];
  return html`<section aria-labelledby="reasons-h"><h2 id="reasons-h">Reasons</h2>
${reasons.length ? html`<ul>${reasons.map((r) => html`<li>${r}</li>`)}</ul>` : html`<p>No reason given.</p>`}
<h2 id="rules-h">Rules that fired</h2>
${
  detail.rules.length
    ? html`<table aria-labelledby="rules-h"><thead><tr><th scope="col">Rule</th><th scope="col" class="num">Weight</th><th scope="col" class="num">Strength</th><th scope="col">Evidence</th></tr></thead>
<tbody>${detail.rules.map((r) => html`<tr><td class="mono nowrap">${r.id}</td><td class="num">${r.weight.toFixed(2)}</td><td class="num">${r.strength.toFixed(2)}</td><td>${r.reason}</td></tr>`)}</tbody></table>`
    : html`<p>No rule fired${detail.analysis.status === 'completed' ? '' : ' (not analysed yet)'}.</p>`
}
</section>`;
}

function indicators(detail: AnalysisDetail): Html {
  const i = detail.analysis.indicators;
  if (!i) return html``;
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  return html`<section aria-labelledby="ind-h"><h2 id="ind-h">Indicators</h2><dl class="facts">
<dt>Impersonation</dt><dd>${yes(i.impersonation)}</dd>
<dt>Imitated brand</dt><dd>${i.brand_spoofing ?? 'none'}</dd>
<dt>Urgency or pressure</dt><dd>${yes(i.urgency_pressure)}</dd>
<dt>Suspicious links</dt><dd>${yes(i.suspicious_links)}</dd>
<dt>Credential request</dt><dd>${yes(i.credential_request)}</dd>
</dl></section>`;
}

function urls(detail: AnalysisDetail): Html {
  const list = detail.analysis.urls ?? [];
  return html`<section aria-labelledby="urls-h"><h2 id="urls-h">URLs</h2>
${
  list.length
    ? html`<p>Shown as text only: never follow these from here.</p><table><thead><tr><th scope="col">URL (unwrapped target)</th><th scope="col">Domain</th><th scope="col">Flags</th><th scope="col">As written in the message</th></tr></thead>
<tbody>${list.map((u) => html`<tr><td class="mono url">${u.url}</td><td class="mono nowrap">${u.domain}</td><td>${u.flags.map((f) => html`<span class="flag">${f}</span>`)}</td><td class="mono url">${u.original ?? ''}</td></tr>`)}</tbody></table>`
    : html`<p>No URL found.</p>`
}</section>`;
}

function authentication(facts: AuthenticationFacts | undefined): Html {
  if (!facts) return html``;
  return html`<section aria-labelledby="auth-h"><h2 id="auth-h">Authentication</h2>
<table><thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Domain</th><th scope="col">Where the result comes from</th><th scope="col">Details</th></tr></thead><tbody>
<tr><td>SPF</td><td>${facts.spf.result}</td><td class="mono">${facts.spf.domain}</td><td>${facts.spf.provenance}</td><td>${[facts.spf.client_ip, facts.spf.comment].filter(Boolean).join(' · ')}</td></tr>
${facts.dkim.map((d) => html`<tr><td>DKIM</td><td>${d.result}</td><td class="mono">${d.domain}</td><td>${d.provenance}</td><td>${`s=${d.selector} a=${d.algorithm}${d.aligned ? ' · aligned' : ''}${d.comment ? ` · ${d.comment}` : ''}`}</td></tr>`)}
<tr><td>DMARC</td><td>${facts.dmarc.result}</td><td class="mono">${facts.dmarc.domain}</td><td>${facts.dmarc.provenance}</td><td>${[facts.dmarc.policy ? `p=${facts.dmarc.policy}` : '', facts.dmarc.comment].filter(Boolean).join(' · ')}</td></tr>
<tr><td>ARC</td><td>${facts.arc.result}</td><td class="mono">${facts.arc.sealer}</td><td>${facts.arc.provenance}</td><td>${facts.arc.trusted ? 'trusted sealer' : ''}</td></tr>
</tbody></table></section>`;
}

function coverage(detail: AnalysisDetail): Html {
  const notes = detail.analysis.coverage ?? [];
  return html`<section aria-labelledby="cov-h"><h2 id="cov-h">Coverage notes</h2>${notes.length ? html`<ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>` : html`<p>Everything was read.</p>`}</section>`;
}

function webhookEvents(detail: AnalysisDetail, user: ConsoleUser): Html {
  const events = detail.webhookEvents;
  return html`<section aria-labelledby="wh-h"><h2 id="wh-h">Webhook events</h2>
${
  events.length
    ? html`<table><thead><tr><th scope="col">Event</th><th scope="col">Time</th><th scope="col">Endpoint</th><th scope="col">Delivery</th><th scope="col" class="num">Attempts</th><th scope="col" class="num">Last HTTP status</th></tr></thead>
<tbody>${events.map((e) => html`<tr><td>${e.type}</td><td>${when(e.createdAt)}</td><td class="mono">${can(user, 'admin') ? (e.url ?? '') : '(admin scope needed)'}</td><td>${e.status ?? 'none'}</td><td class="num">${e.attemptCount}</td><td class="num">${e.lastStatusCode ?? ''}</td></tr>`)}</tbody></table>`
    : html`<p>This analysis caused no webhook event.</p>`
}</section>`;
}
