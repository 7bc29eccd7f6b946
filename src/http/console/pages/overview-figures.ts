/**
 * The overview's figures beside its charts (docs/console.md, "Overview"): the share of each verdict in
 * the range as one bar, live throughput, and the sending domains with the most analyses. The bar is an
 * inline SVG (presentation attributes, so the console's CSP without inline styles allows it) with the
 * same figures as text next to it.
 */
import type { BucketCount, DomainStats, Overview } from '../../../services/history.js';
import { html, type Html } from '../html.js';

export const VERDICT_COLOURS: Readonly<Record<string, string>> = {
  phishing: '#a3001b',
  suspicious: '#b36b00',
  safe: '#0a6b2d',
  queued: '#555555',
};

const ORDER = ['phishing', 'suspicious', 'safe', 'queued'] as const;

export function verdictTotals(byVerdict: readonly BucketCount[]): Array<{ verdict: string; count: number }> {
  const totals = new Map<string, number>();
  for (const c of byVerdict) totals.set(c.key, (totals.get(c.key) ?? 0) + c.count);
  return ORDER.map((verdict) => ({ verdict, count: totals.get(verdict) ?? 0 })).filter((t) => t.count > 0);
}

const percent = (part: number, whole: number): string => (whole ? `${((100 * part) / whole).toFixed(part === whole ? 0 : 1)} %` : '0 %');

export function verdictShare(overview: Overview): Html {
  const totals = verdictTotals(overview.byVerdict);
  const all = totals.reduce((sum, t) => sum + t.count, 0);
  if (!all) return html`<section aria-labelledby="share-h"><h2 id="share-h">Verdicts in this range</h2><p>No analyses in this range.</p></section>`;
  let x = 0;
  const bars = totals.map((t) => {
    const width = (100 * t.count) / all;
    const rect = html`<rect x="${x.toFixed(3)}" y="0" width="${width.toFixed(3)}" height="10" fill="${VERDICT_COLOURS[t.verdict] ?? '#333333'}"></rect>`;
    x += width;
    return rect;
  });
  return html`<section aria-labelledby="share-h"><h2 id="share-h">Verdicts in this range</h2>
<svg class="share" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">${bars}</svg>
<ul class="share-legend">${totals.map((t) => html`<li><span class="swatch swatch-${t.verdict}" aria-hidden="true"></span><span class="verdict verdict-${t.verdict}">${t.verdict}</span> ${t.count} (${percent(t.count, all)})</li>`)}</ul>
</section>`;
}

export function liveThroughput(overview: Overview): Html {
  const { analyses, windowMinutes } = overview.recent;
  return html`<dt>Analyses in the last ${windowMinutes} minutes</dt><dd data-live="throughput">${analyses} (${(analyses / windowMinutes).toFixed(1)} per minute)</dd>`;
}

export function domainTable(rows: readonly DomainStats[], link: (domain: string) => string): Html {
  return html`<section aria-labelledby="domains-h"><h2 id="domains-h">Sending domains</h2>
${
  rows.length
    ? html`<table class="domains"><thead><tr><th scope="col">Domain</th><th scope="col" class="num">Analyses</th><th scope="col" class="num">Phishing</th><th scope="col" class="num">Suspicious</th><th scope="col" class="num">Safe</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td class="mono nowrap"><a href="${link(r.domain)}">${r.domain}</a></td><td class="num">${r.total}</td><td class="num">${r.phishing}</td><td class="num">${r.suspicious}</td><td class="num">${r.safe}</td></tr>`)}</tbody></table>`
    : html`<p>No sender in this range.</p>`
}</section>`;
}
