import * as linkify from 'linkifyjs';
import type { NormalizedMessage } from '../core/message.js';
import type { HtmlFacts, HtmlLinkKind } from './html.js';
import { describeUrl, type UrlInfo } from './url-info.js';
import { unwrapUrl } from './url-unwrap.js';

export type UrlOrigin = 'text' | 'html' | 'field' | 'attachment';

/** One distinct URL of the message, judged by its unwrapped target. */
export interface ExtractedUrl {
  /** Target after unwrapping, normalised by the WHATWG parser (or as written for data:/javascript:). */
  url: string;
  /** As written in the message, when it differs from `url`. */
  original: string | null;
  origin: UrlOrigin;
  kind: HtmlLinkKind | 'text';
  /** Distinct visible anchor texts that link here (at most 3). */
  texts: string[];
  wrappers: string[];
  domainOnly: boolean;
  openRedirect: boolean;
  /**
   * Found only in the text of the mail, where it is the visible text of a link that leads elsewhere (`<a
   * href="https://elsewhere.example/t">https://sender.example/tickets</a>`): what the reader is shown, not
   * a link of the mail's. Alignment never counts it (docs/detection.md, SENDER_LINKS_ALIGNED).
   */
  linkTextOnly?: boolean;
  info: UrlInfo | null;
}

export interface ExtractResult {
  urls: ExtractedUrl[];
  coverage: string[];
}

/** Tokens longer than this are not offered to linkify (bounded cost per token). */
const MAX_TOKEN = 2048;
const SCHEME_OR_WWW = /https?:\/\/|www\./i;
const SKIPPED_SCHEMES = /^(mailto|tel|sms|cid|about|file|callto|skype|#)/i;

/** What separates tokens: a character of the regular expression class [\s<>"] (white space as JavaScript defines it). */
function isSeparator(c: number): boolean {
  if (c < 0xa0) return c === 32 || (c >= 9 && c <= 13) || c === 60 || c === 62 || c === 34;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The tokens of `text` (as `text.split(/[\s<>"]+/)` has them) that hold a dot and are `min` to `max`
 * characters long, in order. Found from each dot rather than by splitting the whole text: a body is
 * mostly words without one, and splitting made a string of each.
 */
function* dottedTokens(text: string, min: number, max: number): Generator<string> {
  for (let dot = text.indexOf('.'); dot >= 0; ) {
    let start = dot;
    while (start > 0 && !isSeparator(text.charCodeAt(start - 1))) start--;
    let end = dot + 1;
    while (end < text.length && !isSeparator(text.charCodeAt(end))) end++;
    if (end - start >= min && end - start <= max) yield text.slice(start, end);
    dot = text.indexOf('.', end);
  }
}

/**
 * linkifyjs is thorough but slow on long prose, so only whitespace-separated tokens that could hold a
 * URL (a dot or "://") are handed to it, joined into one string: linear, and 2-3× cheaper.
 */
export function linkifyText(text: string, limit: number, bareDomains = false): { urls: string[]; capped: boolean } {
  const candidates: string[] = [];
  let offered = 0;
  let budget = 0;
  let capped = false;
  for (const token of dottedTokens(text, 4, MAX_TOKEN)) {
    if (offered >= limit * 4 || budget > 4_000_000) {
      capped = true;
      break;
    }
    offered++;
    budget += token.length;
    // Only links with a scheme or "www." are kept unless bareDomains: a token without either cannot hold
    // one (a link never spans white space), so linkify need not read it. It still counts against the caps.
    if (bareDomains || SCHEME_OR_WWW.test(token)) candidates.push(token);
  }
  if (candidates.length === 0) return { urls: [], capped };
  const out: string[] = [];
  for (const match of linkify.find(candidates.join(' '), 'url')) {
    // A bare "mx.example.com" in a bounce or a version number "4.1.0.5" is a mention, not a link.
    if (!bareDomains && !/^(https?:\/\/|www\.)/i.test(match.value)) continue;
    if (out.length >= limit) {
      capped = true;
      break;
    }
    out.push(match.href);
  }
  return { urls: out, capped };
}

function normaliseHref(raw: string): string | null {
  const href = raw.replace(/[\s\u0000-\u001f]+/g, '');
  if (!href || SKIPPED_SCHEMES.test(href)) return null;
  if (/^(javascript|data|vbscript):/i.test(href)) return href.slice(0, 512);
  if (href.startsWith('//')) return `https:${href}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return /^https?:/i.test(href) ? href : null;
  // Scheme-less "www.example.com/x" is a link in every mail client; "/path" has no base and is dropped.
  if (/^www\.[^/]+\.[a-z]/i.test(href)) return `http://${href}`;
  return null;
}

type Judged = { href: string; unwrapped: ReturnType<typeof unwrapUrl>; info: UrlInfo | null } | null;

/**
 * The URLs written as the visible text of HTML links that lead somewhere else (keys as `extractUrls` has
 * them). Reads at most `maxUrls` link texts holding a dot, each once: linear in the links' text.
 */
function linkTextUrls(html: HtmlFacts, maxUrls: number, judged: Map<string, Judged>, judge: (raw: string) => Judged): Set<string> {
  const shown = new Set<string>();
  let read = 0;
  for (const link of html.links) {
    if (read >= maxUrls) break;
    if (!link.text || !link.text.includes('.') || (link.kind !== 'a' && link.kind !== 'area')) continue;
    read++;
    const own = judged.get(link.url);
    const ownKey = own ? (own.info?.url ?? own.href) : null;
    for (const url of linkifyText(link.text, 3).urls) {
      let seen = judged.get(url);
      if (seen === undefined) {
        seen = judge(url);
        judged.set(url, seen);
      }
      const key = seen ? (seen.info?.url ?? seen.href) : null;
      if (key && key !== ownKey) shown.add(key);
    }
  }
  return shown;
}

/**
 * Every URL of the message: text bodies (linkify), HTML links (href, src, form action, area, meta
 * refresh, as collected by `parseHtml`), the caller's `urls` field and attachment names. Unwraps known
 * wrappers first, then keeps the first `maxUrls` distinct targets.
 */
export function extractUrls(message: NormalizedMessage, html: HtmlFacts | null, maxUrls: number): ExtractResult {
  const byUrl = new Map<string, ExtractedUrl>();
  let dropped = 0;
  // HTML mail repeats the same href many times (logo, button, footer): each is unwrapped and parsed once.
  const judged = new Map<string, Judged>();
  const judge = (raw: string): Judged => {
    const href = normaliseHref(raw);
    if (!href) return null;
    const scriptLike = /^(javascript|data|vbscript):/i.test(href);
    const unwrapped = scriptLike ? { url: href, wrappers: [], domainOnly: false, openRedirect: false } : unwrapUrl(href);
    const info = scriptLike ? null : describeUrl(unwrapped.url);
    if (!scriptLike && !info) return null;
    return { href, unwrapped, info };
  };
  const add = (raw: string, origin: UrlOrigin, kind: HtmlLinkKind | 'text', text: string): void => {
    let seen = judged.get(raw);
    if (seen === undefined) {
      seen = judge(raw);
      judged.set(raw, seen);
    }
    if (!seen) return;
    const { href, unwrapped, info } = seen;
    const key = info?.url ?? href;
    const existing = byUrl.get(key);
    if (existing) {
      if (text && existing.texts.length < 3 && !existing.texts.includes(text)) existing.texts.push(text);
      if (existing.kind === 'text' && kind !== 'text') existing.kind = kind;
      return;
    }
    if (byUrl.size >= maxUrls) {
      dropped++;
      return;
    }
    byUrl.set(key, {
      url: key,
      original: href !== key ? href : null,
      origin,
      kind,
      texts: text ? [text] : [],
      wrappers: unwrapped.wrappers,
      domainOnly: unwrapped.domainOnly,
      openRedirect: unwrapped.openRedirect,
      info,
    });
  };

  for (const url of message.urls) add(url, 'field', 'text', '');
  if (html) for (const link of html.links) add(link.url, 'html', link.kind, link.text);
  const hrefKeys = new Set(byUrl.keys());
  const shownAsLinkText = html ? linkTextUrls(html, maxUrls, judged, judge) : new Set<string>();
  let capped = false;
  const fromText = (text: string): void => {
    const found = linkifyText(text, maxUrls);
    capped ||= found.capped;
    for (const url of found.urls) add(url, 'text', 'text', '');
  };
  fromText(message.text);
  if (html) fromText(html.text);
  for (const attachment of message.attachments) {
    // A PDF's link annotations are links the reader clicks in the attachment.
    for (const url of attachment.links ?? []) add(url, 'attachment', 'text', '');
    if (!attachment.filename) continue;
    for (const url of linkifyText(attachment.filename.replace(/\.(html?|pdf|zip|docx?|xlsx?|svg)$/i, ''), 5, true).urls) add(url, 'attachment', 'text', '');
  }
  for (const [key, u] of byUrl) if (u.origin === 'text' && !hrefKeys.has(key) && shownAsLinkText.has(key)) u.linkTextOnly = true;
  if (capped || (html && html.links.length >= maxUrls * 2)) dropped = Math.max(dropped, 1);
  const coverage = dropped > 0 ? [`only the first ${maxUrls} distinct URLs were judged (more were ignored)`] : [];
  return { urls: [...byUrl.values()], coverage };
}
