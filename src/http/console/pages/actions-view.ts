/**
 * The action forms shown on an analysis or a quarantined message (docs/console.md, "Acting on a
 * message"): release and delete (quarantine), phishing / not-phishing feedback, and allow or block the
 * sender or its domain, prefilled, with a note and an expiry. Shown only to keys with the write scope.
 */
import type { ConsoleUser } from '../../../services/console/sessions.js';
import type { ConsoleContext } from '../context.js';
import { html, type Html } from '../html.js';
import { csrfField } from '../layout.js';

export interface ActionTarget {
  analysisId: string;
  /** The From header as stored ("Name <addr>" or an address). */
  from: string;
  /** The held (not yet released) quarantine entry, when there is one. */
  quarantineId: string | null;
  /** Console path to come back to after the action. */
  back: string;
  /** The analysis's verdict: the list form proposes Allow for a safe mail and Block otherwise. */
  verdict?: string | null | undefined;
}

/** The address in a stored From value, lower-cased; '' when there is none. */
export function senderAddress(from: string): string {
  // Linear: the last <…> at the end of the value, else the whole value when it is a bare address.
  const text = from.trim();
  const candidate = text.endsWith('>') && text.lastIndexOf('<') >= 0 ? text.slice(text.lastIndexOf('<') + 1, -1) : text;
  const at = candidate.indexOf('@');
  if (at <= 0 || at === candidate.length - 1 || /[\s<>"]/.test(candidate)) return '';
  return candidate.toLowerCase();
}

export const senderDomain = (address: string): string => (address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : '');

function listForm(ctx: ConsoleContext, user: ConsoleUser, target: ActionTarget, type: 'email' | 'domain', value: string, idPrefix: string): Html {
  // A safe mail is looked at to trust its sender more often than to block it; anything else, the reverse.
  const proposed = target.verdict === 'safe' ? 'allow' : 'block';
  const checked = (list: 'allow' | 'block') => (list === proposed ? html` checked` : '');
  const legend = type === 'email' ? 'Allow or block the sender' : "Allow or block the sender's domain";
  return html`<form method="post" action="${ctx.at('/actions/list')}" class="list-form">
${csrfField(user)}
<input type="hidden" name="type" value="${type}">
<input type="hidden" name="back" value="${target.back}">
<input type="hidden" name="analysis_id" value="${target.analysisId}">
<fieldset><legend>${legend}</legend>
<p><label for="${idPrefix}-value">${type === 'email' ? 'Address' : 'Domain'}</label>
<input id="${idPrefix}-value" class="wide" name="value" type="text" value="${value}" size="${Math.min(64, Math.max(24, value.length + 2))}" required maxlength="320"></p>
<p><input type="radio" id="${idPrefix}-block" name="list" value="block"${checked('block')}><label for="${idPrefix}-block">Block</label>
<input type="radio" id="${idPrefix}-allow" name="list" value="allow"${checked('allow')}><label for="${idPrefix}-allow">Allow</label></p>
<p><label for="${idPrefix}-note">Note</label> <input id="${idPrefix}-note" class="wide" name="note" type="text" maxlength="500"></p>
<p><label for="${idPrefix}-expires">Expires on (optional)</label> <input id="${idPrefix}-expires" name="expires" type="date"></p>
<button type="submit">Save list entry</button>
</fieldset>
</form>`;
}

export function analysisActions(ctx: ConsoleContext, user: ConsoleUser, target: ActionTarget): Html {
  const address = senderAddress(target.from);
  const domain = senderDomain(address);
  const feedback = (label: 'phishing' | 'ham', text: string) => html`<form method="post" action="${ctx.at('/actions/feedback')}">
${csrfField(user)}<input type="hidden" name="analysis_id" value="${target.analysisId}"><input type="hidden" name="label" value="${label}"><input type="hidden" name="back" value="${target.back}">
<button type="submit" class="secondary">${text}</button></form>`;
  return html`<section aria-labelledby="act-h"><h2 id="act-h">Actions</h2>
<div class="actions">
${
  target.quarantineId
    ? html`<form method="post" action="${ctx.at(`/quarantine/${encodeURIComponent(target.quarantineId)}/release`)}" data-confirm="Release this message to its recipients?">${csrfField(user)}<input type="hidden" name="back" value="${target.back}"><button type="submit">Release to recipients</button></form>
<form method="post" action="${ctx.at(`/quarantine/${encodeURIComponent(target.quarantineId)}/delete`)}" data-confirm="Delete this message for good?">${csrfField(user)}<button type="submit" class="danger">Delete</button></form>`
    : ''
}
${feedback('phishing', 'Mark as phishing')}
${feedback('ham', 'Mark as not phishing')}
</div>
<div class="grid2">
${address ? listForm(ctx, user, target, 'email', address, 'sender') : ''}
${domain ? listForm(ctx, user, target, 'domain', domain, 'domain') : ''}
</div>
</section>`;
}
