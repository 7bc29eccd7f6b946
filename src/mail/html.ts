import { Parser } from 'htmlparser2';
import { MAX_LINK_CHARS } from '../core/uri.js';

/** Where a URL in HTML came from. */
export type HtmlLinkKind = 'a' | 'area' | 'form' | 'img' | 'iframe' | 'meta' | 'other';

export interface HtmlLink {
  url: string;
  kind: HtmlLinkKind;
  /** Visible text of the anchor (for `a`), trimmed and collapsed; '' otherwise. */
  text: string;
}

/** Everything the engine needs from an HTML body, produced in one htmlparser2 pass. */
export interface HtmlFacts {
  /** What a reader sees: text outside script/style/head and outside hidden elements, whitespace collapsed. */
  text: string;
  links: HtmlLink[];
  forms: number;
  passwordInputs: number;
  /** Characters of text inside elements styled to be invisible (a filter-evasion trick). */
  hiddenChars: number;
  images: number;
  /** Alt texts of images: image-only lures put the brand there. */
  altText: string;
  /** Parsing stopped early (too many tags or too deep nesting); what came before was used. */
  truncated: boolean;
}

/**
 * htmlparser2 searches its open-element stack on every close, so thousands of unclosed nested tags cost
 * quadratic time: parsing stops at this depth or this many tags (no real mail comes near either).
 */
const MAX_OPEN_DEPTH = 400;
const MAX_TAGS = 40_000;

const SKIP_CONTENT = new Set(['script', 'style', 'head', 'title', 'noscript', 'template', 'xml', 'svg']);
const BLOCK = new Set(['p', 'div', 'br', 'tr', 'td', 'th', 'li', 'ul', 'ol', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote', 'section', 'article', 'header', 'footer', 'center', 'dd', 'dt', 'pre', 'form', 'button']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// Bounded pattern (no nested quantifiers): display:none, visibility:hidden, max-height:0, opacity:0. A
// descendant cannot undo these; font-size is different (fontSizeOf).
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|max-height\s*:\s*0(?:px)?\s*(?:;|!|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|!|$)/i;
const FONT_SIZE = /font-size\s*:\s*([^;!]{0,40})/gi;
const FONT_SIZE_NAMED = /font-size/i;
const ZERO_SIZE = /^0(?:\.0+)?(?:px|pt|em|rem|%)?$/;
const RELATIVE_SIZE = /^(?:\d+(?:\.\d*)?|\.\d+)\s*(?:em|%)$|^inherit$|^unset$/;

/**
 * What an element's style does to the font size of its text: 'zero' hides it (font-size:0), 'sized' gives it
 * a size of its own again, null leaves the parent's (none declared, or relative: 2em of nothing is nothing).
 * Email frameworks (MJML, Foundation for Emails) set font-size:0 on layout cells to remove the gaps between
 * inline blocks and size the text inside again: that text is what the reader sees (docs/detection.md, HTML_HIDDEN_TEXT).
 * The last declaration wins, as in CSS. Linear: one bounded match per declaration.
 */
function fontSizeOf(style: string): 'zero' | 'sized' | null {
  let last: string | null = null;
  for (const m of style.matchAll(FONT_SIZE)) last = m[1]!.trim().toLowerCase();
  if (last === null || last === '' || RELATIVE_SIZE.test(last)) return null;
  return ZERO_SIZE.test(last) ? 'zero' : 'sized';
}
const META_REFRESH_URL = /url\s*=\s*['"]?([^'"\s>]+)/i;

export interface HtmlOptions {
  maxLinks: number;
  maxTextChars: number;
}

/** HTML → visible text, links with their anchor text, forms and hidden-text facts. Linear in the input. */
export function parseHtml(html: string, options: HtmlOptions): HtmlFacts {
  const facts: HtmlFacts = { text: '', links: [], forms: 0, passwordInputs: 0, hiddenChars: 0, images: 0, altText: '', truncated: false };
  let openDepth = 0;
  let tags = 0;
  const chunks: string[] = [];
  let textLength = 0;
  let skipDepth = 0;
  let hiddenDepth = 0;
  // One entry per open element that changed skip/hidden/font-size state, so closing tags restore it.
  const stack: Array<{ name: string; skip: boolean; hidden: boolean; font: 'zero' | 'sized' | null }> = [];
  // Font sizes of the open elements that declared one, innermost last: text is hidden while the innermost is 'zero'.
  const fonts: Array<'zero' | 'sized'> = [];
  let anchor: { link: HtmlLink; parts: string[]; length: number } | null = null;
  const alts: string[] = [];

  const addLink = (raw: string | undefined, kind: HtmlLinkKind): HtmlLink | null => {
    if (!raw || facts.links.length >= options.maxLinks) return null;
    const url = raw.trim();
    if (!url || url.startsWith('#') || url.length > MAX_LINK_CHARS) return null;
    const link: HtmlLink = { url, kind, text: '' };
    facts.links.push(link);
    return link;
  };
  const push = (piece: string): void => {
    if (textLength >= options.maxTextChars) return;
    chunks.push(piece);
    textLength += piece.length;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        tags++;
        if (!VOID.has(name)) openDepth++;
        if (openDepth > MAX_OPEN_DEPTH || tags > MAX_TAGS) {
          facts.truncated = true;
          parser.pause();
          return;
        }
        const style = typeof attrs.style === 'string' ? attrs.style : '';
        const hidden = (style !== '' && HIDDEN_STYLE.test(style)) || 'hidden' in attrs;
        const font = !VOID.has(name) && FONT_SIZE_NAMED.test(style) ? fontSizeOf(style) : null;
        const skip = SKIP_CONTENT.has(name);
        if (!VOID.has(name) && (hidden || skip || font)) {
          stack.push({ name, skip, hidden, font });
          if (skip) skipDepth++;
          if (hidden) hiddenDepth++;
          if (font) fonts.push(font);
        }
        if (BLOCK.has(name)) push('\n');
        switch (name) {
          case 'a': {
            const link = addLink(attrs.href, 'a');
            anchor = link ? { link, parts: [], length: 0 } : null;
            break;
          }
          case 'area':
            addLink(attrs.href, 'area');
            break;
          case 'form':
            facts.forms++;
            addLink(attrs.action, 'form');
            break;
          case 'input':
            if ((attrs.type ?? '').toLowerCase() === 'password') facts.passwordInputs++;
            break;
          case 'img':
            facts.images++;
            addLink(attrs.src, 'img');
            if (attrs.alt && alts.length < 50) alts.push(attrs.alt.slice(0, 200));
            break;
          case 'iframe':
          case 'embed':
          case 'object':
            addLink(attrs.src ?? attrs.data, 'iframe');
            break;
          case 'meta':
            if ((attrs['http-equiv'] ?? '').toLowerCase() === 'refresh') addLink(META_REFRESH_URL.exec(attrs.content ?? '')?.[1], 'meta');
            break;
          default:
            break;
        }
      },
      ontext(data) {
        if (skipDepth > 0) return;
        if (hiddenDepth > 0 || fonts[fonts.length - 1] === 'zero') {
          facts.hiddenChars += data.trim().length;
          return;
        }
        push(data);
        if (anchor && anchor.length < 300) {
          anchor.parts.push(data);
          anchor.length += data.length;
        }
      },
      onclosetag(name) {
        if (!VOID.has(name)) openDepth--;
        if (name === 'a' && anchor) {
          anchor.link.text = collapse(anchor.parts.join('')).slice(0, 300);
          anchor = null;
        }
        if (BLOCK.has(name)) push('\n');
        const top = stack[stack.length - 1];
        if (top && top.name === name) {
          stack.pop();
          if (top.skip) skipDepth--;
          if (top.hidden) hiddenDepth--;
          if (top.font) fonts.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  if (!facts.truncated) parser.end();
  // Joined as a browser shows them: htmlparser2 hands text over in pieces split at every entity ("f", "ü",
  // "r" for "f&uuml;r"), and inline elements run on without a space; block elements added their line breaks.
  facts.text = collapse(chunks.join('')).slice(0, options.maxTextChars);
  facts.altText = collapse(alts.join(' '));
  return facts;
}

/** Collapses runs of spaces within lines and runs of blank lines; zero-width characters removed. */
export function collapse(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    // A run of white space becomes one space; a lone space already is one, and is left alone (most of them).
    .replace(/[ \t\r\f\v\u00a0]{2,}|[\t\r\f\v\u00a0]/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}
