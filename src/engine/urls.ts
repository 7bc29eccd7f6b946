import type { NormalizedMessage } from '../core/message.js';

// Linear scan: no nested quantifiers.
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'()]+/gi;
const HREF = /\bhref\s*=\s*["']?([^"'\s>]+)/gi;

/** Every URL in the message, first occurrence order, capped. (The full engine replaces this with real parsers.) */
export function collectUrls(message: NormalizedMessage, maxUrls: number): string[] {
  const seen = new Set<string>();
  const add = (url: string): void => {
    if (seen.size < maxUrls) seen.add(url.replace(/[.,;:!?]+$/, ''));
  };
  message.urls.forEach(add);
  for (const match of message.text.matchAll(URL_IN_TEXT)) add(match[0]);
  if (message.html) for (const match of message.html.matchAll(HREF)) if (match[1] && /^https?:/i.test(match[1])) add(match[1]);
  return [...seen];
}
