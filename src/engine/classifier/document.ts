import type { NormalizedMessage } from '../../core/message.js';
import { parseHtml } from '../../mail/html.js';
import { extractUrls } from '../../mail/url-extract.js';
import type { ClassifierInput } from './features.js';

/**
 * What a reader sees of the body: mail clients show the HTML part when there is one, so its visible text
 * wins unless the plain-text part says more (a stub "view this mail in HTML" plain part is common in
 * phishing, and some senders put a different text there).
 */
export function visibleBody(message: NormalizedMessage, htmlText: string | undefined): string {
  const plain = message.text.trim();
  const html = htmlText?.trim() ?? '';
  return html.length > plain.length ? html : plain;
}

/**
 * The classifier's view of a message outside the engine (training, evaluation): the same body choice
 * and URL extraction as `buildFacts`, without the rule work.
 */
export function classifierInputOf(message: NormalizedMessage, options: { maxUrls: number; maxHtmlChars: number; chars: number }): ClassifierInput {
  const html = message.html ? parseHtml(message.html.slice(0, options.maxHtmlChars), { maxLinks: options.maxUrls * 2, maxTextChars: options.maxHtmlChars }) : null;
  const urls = extractUrls(message, html, options.maxUrls).urls;
  return { subject: message.subject, body: visibleBody(message, html?.text), urls, attachments: message.attachments };
}
