import type { NormalizedMessage } from '../../core/message.js';
import { parseHtml } from '../../mail/html.js';
import { extractUrls } from '../../mail/url-extract.js';
import type { ClassifierInput } from './features.js';

/** What a reader sees of the body: text/plain when present, else the HTML's visible text (as the engine does). */
export function visibleBody(message: NormalizedMessage, htmlText: string | undefined): string {
  const plain = message.text.trim();
  return plain || htmlText || '';
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
