/**
 * The overview's URL-feed freshness (docs/console.md, "Overview"; docs/reputation.md "Operations"): each
 * configured feed with its entries, the age of its last good load and why its last attempt failed. A feed
 * that fails keeps serving its last good copy, so an old age next to an error is the thing to look at.
 * The feeds are the process's, the same for every tenant; their sources are not shown (a key can sit in one).
 */
import type { FeedStatus } from '../../../engine/reputation/feed-set.js';
import { html, when, type Html } from '../html.js';

/** "4 min", "3 h 5 min", "2 d 1 h": coarse on purpose, the page refreshes itself. */
export function ageOf(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export function feedFreshness(feeds: readonly FeedStatus[], now: number): Html {
  if (!feeds.length) return html``;
  return html`<section aria-labelledby="feeds-h"><h2 id="feeds-h">URL feeds</h2>
<table><thead><tr><th scope="col">Feed</th><th scope="col">Kind</th><th scope="col" class="num">Entries</th><th scope="col">Last good load</th><th scope="col">Last error</th></tr></thead>
<tbody>${feeds.map(
    (f) => html`<tr><td class="mono">${f.name}</td><td>${f.category}</td><td class="num">${f.entries}</td><td>${
      f.loadedAt ? html`<time datetime="${f.loadedAt}" title="${when(f.loadedAt)}">${ageOf(now - Date.parse(f.loadedAt))} ago</time>` : html`<strong>never loaded</strong>`
    }</td><td>${f.lastError ? html`<strong>${f.lastError}</strong> (${f.failures} failed load${f.failures === 1 ? '' : 's'} so far)` : 'none'}</td></tr>`,
  )}</tbody></table></section>`;
}
