/**
 * The safe preview of a stored message as HTML (docs/console.md, "Safe preview"), shared by the console's
 * quarantine page and the recipients' self-service page: headers and text escaped, the HTML part only
 * inside `<iframe sandbox>` served by `sendPreviewFrame` with `SAFE_HTML_CSP` (no script, no form, no
 * fetch of any kind), links listed with their real targets as text, attachments by name only.
 */
import type { FastifyReply } from 'fastify';
import type { MailAddress } from '../../core/message.js';
import type { MessagePreview } from '../../mail/message-preview.js';
import { SAFE_HTML_CSP, safeHtmlDocument, type SafeHtml } from '../../mail/safe-html.js';
import { describeUrl } from '../../mail/url-info.js';
import { domainShown } from '../../engine/detectors/links.js';
import { bytes, html, type Html } from './html.js';

/**
 * "Text shows a.example, leads to b.example" when the link text displays a host whose registrable domain
 * is not the real target's (the HREF_TEXT_MISMATCH question, docs/detection.md), or null.
 */
export function textTargetMismatch(text: string, target: string): string | null {
  const shown = domainShown(text);
  const real = describeUrl(target);
  if (!shown || !real || !real.host || shown.domain === real.domain) return null;
  return `text shows ${shown.host}, leads to ${real.host}`;
}

const address = (a: MailAddress): string => (a.name && a.name !== a.address ? `${a.name} <${a.address}>` : a.address);
const addresses = (list: MailAddress[]): string => list.map(address).join(', ');

export interface PreviewViewOptions {
  /** URL of the frame document (`sendPreviewFrame`); the iframe is left out when the message has no HTML part. */
  frameUrl: string;
  /** Heading level of the sections (2 on a page whose title is h1). */
  headingLevel?: 2 | 3;
}

export function previewView(preview: MessagePreview, options: PreviewViewOptions): Html {
  const h = (text: string, id: string) => (options.headingLevel === 3 ? html`<h3 id="${id}">${text}</h3>` : html`<h2 id="${id}">${text}</h2>`);
  const main: Array<[string, string]> = [
    ['From', preview.from ? address(preview.from) : ''],
    ['To', addresses(preview.to)],
    ['Cc', addresses(preview.cc)],
    ['Reply-To', addresses(preview.replyTo)],
    ['Subject', preview.subject],
  ];
  const date = preview.headers.find((f) => f.name.toLowerCase() === 'date');
  if (date) main.push(['Date', date.value]);
  return html`<section class="preview" aria-labelledby="pv-headers">
${h('Message headers', 'pv-headers')}
<dl class="facts">${main.filter(([, v]) => v).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
<details><summary>All ${preview.headers.length} header fields</summary>
<table><thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
<tbody>${preview.headers.map((f) => html`<tr><td class="mono">${f.name}</td><td class="mono">${f.value}</td></tr>`)}</tbody></table>
</details>
${preview.notes.length ? html`<ul class="notes">${preview.notes.map((n) => html`<li>${n}</li>`)}</ul>` : ''}
</section>
<section aria-labelledby="pv-text">
${h('Text part', 'pv-text')}
${preview.text ? html`<pre class="text">${preview.text}</pre>` : html`<p>The message has no text part.</p>`}
</section>
${preview.html ? htmlPart(preview.html, options.frameUrl, h) : ''}
<section aria-labelledby="pv-attachments">
${h('Attachments', 'pv-attachments')}
${
  preview.attachments.length
    ? html`<table><thead><tr><th scope="col">File name</th><th scope="col">Type</th><th scope="col" class="num">Size</th></tr></thead>
<tbody>${preview.attachments.map((a) => html`<tr><td class="mono">${a.filename ?? '(no name)'}</td><td>${a.contentType}</td><td class="num">${bytes(a.size)}</td></tr>`)}</tbody></table>
<p>Attachments are never opened or offered for download here; download the raw message to inspect them in a safe place.</p>`
    : html`<p>No attachments.</p>`
}
</section>`;
}

function mismatchFlag(text: string, target: string): Html | '' {
  const note = textTargetMismatch(text, target);
  return note ? html`<span class="flag flag-danger">${note}</span> ` : '';
}

function htmlPart(rendered: SafeHtml, frameUrl: string, h: (text: string, id: string) => Html): Html {
  const removed = Object.entries(rendered.removed).map(([what, n]) => `${n} × ${what}`);
  return html`<section aria-labelledby="pv-html">
${h('HTML part (inert)', 'pv-html')}
<p>Shown in a sandbox: no script runs, no form works, nothing is loaded from the network. ${rendered.images} image${rendered.images === 1 ? '' : 's'} replaced by placeholders.${removed.length ? ` Removed: ${removed.join(', ')}.` : ''}</p>
<iframe class="preview" sandbox="" src="${frameUrl}" title="HTML part of the message, made inert" referrerpolicy="no-referrer"></iframe>
${
  rendered.links.length
    ? html`<h4>Links in the message (not clickable)</h4>
<table><thead><tr><th scope="col">Link text</th><th scope="col">Real target</th><th scope="col">Notes</th></tr></thead>
<tbody>${rendered.links.map(
        (l) =>
          html`<tr><td class="url">${l.text}</td><td class="mono url">${l.target}</td><td>${mismatchFlag(l.text, l.target)}${l.dangerous ? html`<span class="flag">dangerous scheme, removed</span>` : ''}${l.wrappers.map((w) => html`<span class="flag">unwrapped from ${w}</span>`)}${l.target !== l.href ? html` <span class="mono">as written: ${l.href}</span>` : ''}</td></tr>`,
      )}</tbody></table>`
    : ''
}
</section>`;
}

/**
 * Serves the HTML part as its own document for the preview iframe, under the frame policy (no script,
 * no fetch, sandboxed) instead of the page's policy; only same-origin pages may frame it.
 */
export function sendPreviewFrame(reply: FastifyReply, rendered: SafeHtml | null): FastifyReply {
  return reply
    .header('Content-Security-Policy', SAFE_HTML_CSP)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(safeHtmlDocument(rendered ?? { html: '', links: [], images: 0, removed: {}, truncated: false }));
}
