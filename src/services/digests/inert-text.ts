/**
 * Attacker-chosen text shown in a digest (subjects, senders, reasons quoting the mail) made inert in
 * every part (docs/recipients.md "What a digest shows"; docs/security.md "Hardening, second round").
 * Escaping the HTML part is not enough: a copy re-sent with its text part relabelled text/html, or a mail
 * client that turns anything looking like an address into a link, would make a held subject a live link
 * inside a genuine-looking summary. So, in the text itself:
 * - angle brackets become look-alike quotes (‹ ›): no tag, whatever the part is read as;
 * - `scheme://` becomes `scheme[:]//` and a dot between a letter or digit and a letter becomes `[.]` (the
 *   usual "defanged" form), so no client recognises a URL, a bare domain or a mail address to link.
 *   Letters of any script (a Cyrillic look-alike domain is a domain too) and the dots some clients read
 *   as one (ideographic and full-width) count. A dot before a digit stays ("version 3.5").
 * One linear pass per rule; input is already one bounded line (render.ts `oneLine`).
 */
export function inertText(value: string): string {
  return value
    .replace(/</g, '\u2039')
    .replace(/>/g, '\u203a')
    .replace(/:\/\//g, '[:]//')
    .replace(/([\p{L}\p{N}-])[.\u3002\uff0e\uff61](?=\p{L})/gu, '$1[.]');
}
