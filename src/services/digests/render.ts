/**
 * The text and HTML of a quarantine digest (docs/recipients.md). Everything that came with the mail
 * (subjects, addresses, reasons quoting it) is made inert (inert-text.ts) and escaped; the only links are the ones the caller builds on
 * the configured public URL; no image, no script, no style sheet, nothing fetched.
 */
import type { Verdict } from '../../core/analysis.js';
import { escapeHtml } from '../../core/escape-html.js';
import type { DigestLanguage } from './i18n.js';
import { DIGEST_WORDS } from './i18n.js';
import { inertText } from './inert-text.js';

export interface DigestItem {
  id: string;
  createdAt: string;
  from: string;
  subject: string;
  verdict: Verdict;
  reason: string;
  /** Admin digests: whom the message was for. */
  recipients?: string[];
  /** One-click action links of a recipient digest (self-service page), when configured. */
  links?: { preview: string; release: string; releaseAndAllow: string; delete: string };
}

export interface DigestContent {
  kind: 'recipient' | 'admin';
  language: DigestLanguage;
  timeZone: string;
  tenantName: string;
  items: DigestItem[];
  /** Messages beyond the listed ones. */
  more: number;
  retentionDays: number;
  /** The public URL of the console: the site every link points to. */
  publicUrl: string | null;
}

export interface RenderedDigest {
  subject: string;
  text: string;
  html: string;
}

const MAX_SHOWN = 160;
/** Control characters and line breaks out, long values cut: one attacker-chosen field stays one line. */
const oneLine = (value: string): string => {
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN - 1)}…` : flat;
};

function formatTime(iso: string, language: DigestLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const siteOf = (publicUrl: string | null): string => (publicUrl ? new URL(publicUrl).host : 'phishgate');

export function renderDigest(content: DigestContent): RenderedDigest {
  const w = DIGEST_WORDS[content.language];
  const total = content.items.length + content.more;
  const admin = content.kind === 'admin';
  const subject = admin ? w.adminSubject(oneLine(content.tenantName), total) : w.subject(total);
  const heading = admin ? w.adminHeading(oneLine(content.tenantName)) : w.heading;
  const intro = admin ? w.adminIntro(total) : w.intro(total);
  const why = admin ? w.adminWhy : w.why(content.retentionDays);
  const footer = w.footer(siteOf(content.publicUrl));
  const rows = content.items.map((item) => ({
    item,
    when: formatTime(item.createdAt, content.language, content.timeZone),
    // Inert in both parts (inert-text.ts): what came with the mail never becomes markup or a link.
    from: inertText(oneLine(item.from)) || '<>',
    subject: inertText(oneLine(item.subject)) || w.noSubject,
    verdict: w.verdicts[item.verdict],
    reason: inertText(oneLine(item.reason)),
    recipients: oneLine((item.recipients ?? []).join(', ')),
  }));
  const hasLinks = content.items.some((i) => i.links);

  const text = [
    heading,
    '',
    intro,
    admin ? '' : w.nothingToDo,
    '',
    ...rows.flatMap((r) => [
      `- ${r.when}`,
      `  ${w.columns.from}: ${r.from}`,
      `  ${w.columns.subject}: ${r.subject}`,
      `  ${w.columns.verdict}: ${r.verdict} (${r.reason})`,
      ...(admin ? [`  ${w.columns.recipients}: ${r.recipients}`] : []),
      ...(r.item.links
        ? [`  ${w.actions.preview}: ${r.item.links.preview}`, `  ${w.actions.release}: ${r.item.links.release}`, `  ${w.actions.releaseAndAllow}: ${r.item.links.releaseAndAllow}`, `  ${w.actions.delete}: ${r.item.links.delete}`]
        : []),
      '',
    ]),
    ...(content.more ? [w.more(content.more), ''] : []),
    ...(hasLinks ? [w.actionsHelp, ''] : []),
    ...(admin && content.publicUrl ? [`${w.console}: ${content.publicUrl}`, ''] : []),
    why,
    '',
    footer,
    '',
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');

  const e = escapeHtml;
  const cell = 'padding:6px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top';
  const link = (href: string, label: string) => `<a href="${e(href)}" style="color:#1a4f8a">${e(label)}</a>`;
  const htmlRows = rows
    .map(
      (r) =>
        `<tr><td style="${cell};white-space:nowrap">${e(r.when)}</td><td style="${cell}">${e(r.from)}</td><td style="${cell}">${e(r.subject)}</td><td style="${cell}">${e(r.verdict)}<br><span style="color:#555">${e(r.reason)}</span></td>` +
        (admin ? `<td style="${cell}">${e(r.recipients)}</td>` : '') +
        (r.item.links
          ? `<td style="${cell}">${[link(r.item.links.preview, w.actions.preview), link(r.item.links.release, w.actions.release), link(r.item.links.releaseAndAllow, w.actions.releaseAndAllow), link(r.item.links.delete, w.actions.delete)].join('<br>')}</td>`
          : hasLinks
            ? `<td style="${cell}"></td>`
            : '') +
        '</tr>',
    )
    .join('\n');
  const headers = [w.columns.received, w.columns.from, w.columns.subject, w.columns.verdict, ...(admin ? [w.columns.recipients] : []), ...(hasLinks ? [''] : [])];
  const html = `<!DOCTYPE html>
<html lang="${content.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(heading)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a1a1a;background:#ffffff">
<h1 style="font-size:20px;margin:0 0 12px">${e(heading)}</h1>
<p>${e(intro)}${admin ? '' : ` ${e(w.nothingToDo)}`}</p>
<table style="border-collapse:collapse;width:100%">
<thead><tr>${headers.map((h) => `<th style="${cell};background:#f2f2f2">${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${htmlRows}
</tbody>
</table>
${content.more ? `<p>${e(w.more(content.more))}</p>` : ''}
${hasLinks ? `<p style="color:#555">${e(w.actionsHelp)}</p>` : ''}
${admin && content.publicUrl ? `<p>${link(content.publicUrl, w.console)}</p>` : ''}
<p style="color:#555;font-size:13px">${e(why)}</p>
<p style="color:#555;font-size:12px">${e(footer)}</p>
</body>
</html>
`;
  return { subject, text, html };
}
