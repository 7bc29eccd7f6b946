/**
 * The self-service page's HTML (docs/recipients.md, "Self-service links"). Everything that came with
 * the mail is escaped; the one style sheet is inline and allowed by its hash, so the page's policy can
 * forbid every script, every inline style attribute and every fetch.
 */
import { createHash } from 'node:crypto';
import { escapeHtml as e } from '../../core/escape-html.js';
import type { DigestLanguage } from '../../services/digests/i18n.js';
import type { LinkView } from '../../services/self-service/service.js';
import type { MessagePreview } from '../../mail/message-preview.js';
import type { PageWords } from './words.js';

const STYLE = [
  'body{margin:0;padding:24px;font:15px/1.45 system-ui,Arial,sans-serif;color:#1a1a1a;background:#f6f6f4}',
  'main{max-width:760px;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:6px;padding:20px 24px}',
  'h1{font-size:20px;margin:0 0 12px}',
  'table{border-collapse:collapse;margin:8px 0 16px}',
  'th{text-align:left;padding:3px 12px 3px 0;color:#555;font-weight:normal;vertical-align:top}',
  'td{padding:3px 0;overflow-wrap:anywhere}',
  'form{display:inline-block;margin:8px 8px 0 0}',
  'button{font:inherit;padding:8px 14px;border-radius:4px;border:1px solid #1a4f8a;background:#1a4f8a;color:#fff;cursor:pointer}',
  'button.danger{background:#fff;color:#b00020;border-color:#b00020}',
  '.help{color:#444}',
  '.note{color:#555;font-size:13px}',
  '.done{color:#0b6b2b;font-weight:bold}',
  '.refused{color:#b00020;font-weight:bold}',
  'iframe{width:100%;height:420px;border:1px solid #ccc;background:#fff}',
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fafafa;border:1px solid #ddd;padding:8px;max-height:420px;overflow:auto}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The page's policy: only its own style sheet, its own frame (the preview) and forms to itself. */
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; img-src 'none'`;

function layout(language: DigestLanguage, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${e(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body>
</html>
`;
}

function summary(view: LinkView, w: PageWords, language: DigestLanguage, timeZone: string): string {
  const { entry, claims } = view;
  const when = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.createdAt));
  const rows: Array<[string, string]> = [
    [w.received, when],
    [w.from, entry.from || entry.mailFrom || '<>'],
    [w.subject, entry.subject],
    [w.assessment, `${w.verdicts[entry.verdict] ?? entry.verdict}${entry.reasons[0] ? ` — ${entry.reasons[0]}` : ''}`],
    [w.to, claims.recipient],
  ];
  return `<table>${rows.map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v.slice(0, 500))}</td></tr>`).join('')}</table>`;
}

export interface FormSpec {
  /** Where the form posts, relative to the page (the action's token). */
  target: string;
  csrf: string;
  action: 'release' | 'release_allow' | 'delete';
}

const form = (w: PageWords, spec: FormSpec): string =>
  `<form method="post" action="${e(spec.target)}"><input type="hidden" name="csrf" value="${e(spec.csrf)}"><button type="submit"${spec.action === 'delete' ? ' class="danger"' : ''} data-action="${spec.action}">${e(w.button[spec.action])}</button></form>`;

export interface PageContext {
  w: PageWords;
  language: DigestLanguage;
  timeZone: string;
}

/** What a GET of an action link shows: the message's summary and one button that POSTs. */
export function confirmationPage(ctx: PageContext, view: LinkView, spec: FormSpec, sender: string | null): string {
  const action = spec.action;
  const help = action === 'release_allow' ? ctx.w.confirmHelp.release_allow(sender ?? '?') : ctx.w.confirmHelp[action];
  return layout(ctx.language, ctx.w.title, `<h1>${e(ctx.w.confirm[action])}</h1>
${summary(view, ctx.w, ctx.language, ctx.timeZone)}
<p class="help">${e(help)}</p>
${form(ctx.w, spec)}`);
}

/** A preview link's page: the summary, the message made inert, and the three actions. */
export function previewPage(ctx: PageContext, view: LinkView, preview: MessagePreview, frameSrc: string | null, forms: FormSpec[]): string {
  const attachments = preview.attachments.length
    ? `<p class="note">${e(ctx.w.attachments)}: ${preview.attachments.map((a) => e(`${a.filename ?? '(unnamed)'} (${a.contentType}, ${a.size} B)`)).join(', ')}</p>`
    : '';
  const content = frameSrc
    ? `<iframe sandbox src="${e(frameSrc)}" title="${e(ctx.w.title)}" referrerpolicy="no-referrer"></iframe>`
    : `<pre>${e(preview.text.slice(0, 100_000) || ctx.w.noText)}</pre>`;
  return layout(ctx.language, ctx.w.title, `<h1>${e(ctx.w.title)}</h1>
${summary(view, ctx.w, ctx.language, ctx.timeZone)}
<p class="note">${e(ctx.w.previewHelp)}</p>
${content}
${attachments}
<div>${forms.map((f) => form(ctx.w, f)).join('')}</div>`);
}

export function resultPage(ctx: PageContext, text: string): string {
  return layout(ctx.language, ctx.w.title, `<h1>${e(ctx.w.title)}</h1>\n<p class="done" id="outcome">${e(text)}</p>`);
}

export function refusalPage(ctx: PageContext, text: string): string {
  return layout(ctx.language, ctx.w.title, `<h1>${e(ctx.w.title)}</h1>\n<p class="refused" id="outcome">${e(text)}</p>`);
}
