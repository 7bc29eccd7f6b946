import { describe, expect, it } from 'vitest';
import type { NormalizedMessage } from '../../src/core/message.js';
import { parseHtml } from '../../src/mail/html.js';
import { extractUrls } from '../../src/mail/url-extract.js';

const message = (html: string, text = ''): NormalizedMessage =>
  ({ subject: '', from: null, to: [], cc: [], replyTo: [], sender: null, returnPath: null, headers: [], text, html, urls: [], attachments: [], envelope: null, authHints: {} }) as unknown as NormalizedMessage;

const extract = (html: string, text = '') => extractUrls(message(html, text), parseHtml(html, { maxLinks: 100, maxTextChars: 100_000 }), 50).urls;

describe('extractUrls: link text is not a link (issue 34.1)', () => {
  it('marks a URL shown only as the text of a link that leads elsewhere', () => {
    const urls = extract('<p><a href="https://tix-download.example/t/8812">https://conference-news.example/tickets</a></p>');
    expect(urls.find((u) => u.url === 'https://tix-download.example/t/8812')?.linkTextOnly).toBeUndefined();
    expect(urls.find((u) => u.url === 'https://conference-news.example/tickets')?.linkTextOnly).toBe(true);
  });

  it('a URL that is also some link\'s target stays a link', () => {
    const urls = extract('<a href="https://elsewhere.example.net/x">https://www.example.org/a</a> <a href="https://www.example.org/a">here</a>');
    expect(urls.find((u) => u.url === 'https://www.example.org/a')?.linkTextOnly).toBeUndefined();
  });

  it('a link whose text is its own URL is not marked', () => {
    const urls = extract('<a href="https://www.example.org/a">https://www.example.org/a</a>');
    expect(urls.every((u) => !u.linkTextOnly)).toBe(true);
  });
});
