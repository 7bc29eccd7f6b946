/**
 * Renders the HTML body of a (hostile) mail so that a person can look at it safely: nothing runs, nothing
 * is fetched, nothing can be clicked through. Used by the console's quarantine preview and by the
 * recipients' self-service page (docs/console.md, "Safe preview").
 *
 * An allow-list rewrite, not a blacklist filter: every element and attribute not listed is dropped, so
 * new tricks fail closed. Scripts, styles, frames, objects and forms' controls go; images become text
 * placeholders (no request for tracking pixels); links become text that shows their real target (after
 * unwrapping Safe Links, Proofpoint and the like), never an `href`. One htmlparser2 pass, linear in the
 * input, with the same depth and tag caps as the engine's HTML reader.
 *
 * The result is meant to be served as its own document (`safeHtmlDocument`) inside `<iframe sandbox>`
 * with `SAFE_HTML_CSP`, so even a flaw here could not run script or load anything.
 */
import { Parser } from 'htmlparser2';
import { escapeHtml } from '../core/escape-html.js';
import { sanitizeStyle } from './safe-style.js';
import { unwrapUrl } from './url-unwrap.js';

export interface SafeLink {
  /** Visible text of the link, collapsed, at most 300 characters. */
  text: string;
  /** The `href` exactly as written (at most 2000 characters). */
  href: string;
  /** The innermost target after unwrapping link wrappers; equal to `href` when nothing was wrapped. */
  target: string;
  /** Wrappers peeled off, outermost first ("Microsoft Safe Links"). */
  wrappers: string[];
  /** `http`, `https`, `mailto`, … or `''` for relative or unparseable references. */
  scheme: string;
  /** `javascript:`, `data:`, `vbscript:` and `file:` links, shown as removed. */
  dangerous: boolean;
}

export interface SafeHtml {
  /** Body fragment: only allow-listed markup, every text and attribute escaped. */
  html: string;
  links: SafeLink[];
  /** Images replaced by placeholders. */
  images: number;
  /** What was taken out, e.g. { script: 2, iframe: 1, 'event handler': 4 }. */
  removed: Record<string, number>;
  /** Input longer than the cap, or nesting deeper than the engine reads: the rest is not shown. */
  truncated: boolean;
}

export interface SafeHtmlOptions {
  /** Characters of HTML read (default 1,000,000). */
  maxInputChars?: number;
  /** Links collected into `links` (all are rewritten either way). */
  maxLinks?: number;
}

/** Frame policy: inline styles only (the sanitised ones), no script, no fetch of any kind, no form. */
export const SAFE_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; font-src 'none'; media-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox";

const MAX_OPEN_DEPTH = 400;
const MAX_TAGS = 40_000;
const MAX_SHOWN_URL = 200;

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'head', 'title', 'noscript', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math',
  'xml', 'select', 'textarea', 'audio', 'video', 'canvas', 'noembed', 'noframes', 'xmp', 'plaintext', 'portal', 'dialog',
]);

/** Elements kept as they are (with filtered attributes). */
const KEEP = new Set([
  'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup',
  'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'i', 'ins', 'kbd', 'label', 'li', 'main', 'mark', 'nav', 'ol', 'p', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section',
  'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u',
  'ul', 'var', 'wbr',
]);

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen']);

/** Presentational attributes that load nothing; everything else (href, src, background, on*, …) goes. */
const ATTRIBUTES = new Set([
  'align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'color', 'face', 'size',
  'dir', 'lang', 'title', 'start', 'span', 'nowrap', 'abbr', 'scope', 'reversed',
]);

const DANGEROUS_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file']);

function schemeOf(href: string): string {
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so the check does too.
  const match = /^([a-z][a-z0-9+.-]{0,20}):/i.exec(href.replace(/[\t\n\r\0]/g, '').trimStart());
  return match ? match[1]!.toLowerCase() : '';
}

const shorten = (value: string): string => (value.length > MAX_SHOWN_URL ? `${value.slice(0, MAX_SHOWN_URL)}…` : value);

function describeLink(href: string): SafeLink {
  const scheme = schemeOf(href);
  const unwrapped = scheme === 'http' || scheme === 'https' ? unwrapUrl(href) : { url: href, wrappers: [] as string[] };
  return { text: '', href, target: unwrapped.url, wrappers: unwrapped.wrappers, scheme, dangerous: DANGEROUS_SCHEMES.has(scheme) };
}

function linkAnnotation(link: SafeLink): string {
  if (link.dangerous) return `<span class="pg-target pg-danger">[${escapeHtml(link.scheme)}: link removed]</span>`;
  if (!link.href) return '<span class="pg-target">[link without target]</span>';
  const via = link.wrappers.length ? ` <span class="pg-via">(unwrapped from ${escapeHtml(link.wrappers.join(' → '))})</span>` : '';
  return `<span class="pg-target">→ ${escapeHtml(shorten(link.target))}${via}</span>`;
}

function imagePlaceholder(attrs: Record<string, string>): string {
  const src = (attrs.src ?? '').trim();
  const scheme = schemeOf(src);
  let origin = '';
  if (scheme === 'http' || scheme === 'https') {
    try {
      origin = ` from ${new URL(src).host}`;
    } catch {
      origin = '';
    }
  } else if (scheme === 'cid') origin = ' (embedded)';
  else if (scheme === 'data') origin = ' (inline data)';
  const alt = (attrs.alt ?? '').trim().slice(0, 200);
  return `<span class="pg-img" role="img" aria-label="image not loaded">[image${alt ? `: ${escapeHtml(alt)}` : ''}${escapeHtml(origin)} — not loaded]</span>`;
}

function fieldPlaceholder(attrs: Record<string, string>): string {
  const type = (attrs.type ?? 'text').toLowerCase().slice(0, 30);
  if (type === 'hidden') return '';
  const name = (attrs.name ?? attrs.placeholder ?? '').slice(0, 100);
  return `<span class="pg-field">[${escapeHtml(type)} field${name ? `: ${escapeHtml(name)}` : ''}]</span>`;
}

function keptAttributes(attrs: Record<string, string>, count: (what: string) => void): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith('on')) {
      count('event handler');
      continue;
    }
    if (name === 'style') {
      const style = sanitizeStyle(value);
      if (style) out += ` style="${escapeHtml(style)}"`;
      continue;
    }
    if (!ATTRIBUTES.has(name)) continue;
    out += ` ${name}="${escapeHtml(value.slice(0, 200))}"`;
  }
  return out;
}

interface Frame {
  /** What to write when the element closes ('' when nothing was opened for it). */
  close: string;
  /** The element and its content are dropped. */
  skip: boolean;
  /** The element is a link whose annotation follows its text. */
  link: SafeLink | null;
  /** Visible text of a link, collected up to 300 characters. */
  text?: { parts: string[]; length: number };
}

/** Hostile HTML → inert markup plus the facts a reviewer wants (links and their real targets). */
export function renderSafeHtml(input: string, options: SafeHtmlOptions = {}): SafeHtml {
  const maxInput = options.maxInputChars ?? 1_000_000;
  const maxLinks = options.maxLinks ?? 500;
  const result: SafeHtml = { html: '', links: [], images: 0, removed: {}, truncated: input.length > maxInput };
  const out: string[] = [];
  const stack: Frame[] = [];
  let skipDepth = 0;
  let tags = 0;
  /** Open links, innermost last: text goes to the innermost only, so nesting cannot multiply the work. */
  const openLinks: Frame[] = [];
  const count = (what: string): void => {
    result.removed[what] = (result.removed[what] ?? 0) + 1;
  };
  const emit = (piece: string): void => {
    if (skipDepth === 0) out.push(piece);
  };

  const open = (name: string, attrs: Record<string, string>): Frame => {
    if (skipDepth > 0 || DROP_WITH_CONTENT.has(name)) {
      if (skipDepth === 0) count(name);
      return { close: '', skip: true, link: null };
    }
    switch (name) {
      case 'a':
      case 'area': {
        const link = attrs.href === undefined ? null : describeLink(attrs.href.trim().slice(0, 2000));
        if (link && result.links.length < maxLinks) result.links.push(link);
        if (name === 'area') {
          if (link) emit(`<span class="pg-link">[map area]</span> ${linkAnnotation(link)}`);
          return { close: '', skip: false, link: null };
        }
        emit(`<span class="pg-link"${keptAttributes(attrs, count)}>`);
        const frame: Frame = { close: '</span>', skip: false, link, text: { parts: [], length: 0 } };
        openLinks.push(frame);
        return frame;
      }
      case 'img':
        result.images++;
        emit(imagePlaceholder(attrs));
        return { close: '', skip: false, link: null };
      case 'input':
        emit(fieldPlaceholder(attrs));
        return { close: '', skip: false, link: null };
      case 'button':
        emit('<span class="pg-button">[button: ');
        return { close: ']</span>', skip: false, link: null };
      case 'form': {
        count('form');
        const action = (attrs.action ?? '').trim().slice(0, 2000);
        const target = action ? linkAnnotation(describeLink(action)) : '<span class="pg-target">[no target]</span>';
        emit(`<div class="pg-form"><span class="pg-note">[form, would submit ${target}]</span>`);
        return { close: '</div>', skip: false, link: null };
      }
      case 'body':
        emit(`<div${keptAttributes(attrs, count)}>`);
        return { close: '</div>', skip: false, link: null };
      default:
        if (!KEEP.has(name)) {
          if (name === 'meta' || name === 'link' || name === 'base') count(name);
          return { close: '', skip: false, link: null };
        }
        emit(`<${name}${keptAttributes(attrs, count)}>`);
        return { close: VOID.has(name) ? '' : `</${name}>`, skip: false, link: null };
    }
  };

  const closeFrame = (frame: Frame): void => {
    emit(frame.close);
    if (frame.text) {
      openLinks.pop();
      if (frame.link) {
        frame.link.text = frame.text.parts.join('').replace(/\s+/g, ' ').trim().slice(0, 300);
        emit(` ${linkAnnotation(frame.link)}`);
      }
    }
    if (frame.skip && skipDepth > 0) skipDepth--;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        tags++;
        if (stack.length >= MAX_OPEN_DEPTH || tags > MAX_TAGS) {
          result.truncated = true;
          parser.pause();
          return;
        }
        const frame = open(name, attrs);
        if (VOID.has(name)) return;
        if (frame.skip) skipDepth++;
        stack.push(frame);
      },
      ontext(text) {
        if (skipDepth > 0) return;
        out.push(escapeHtml(text));
        const link = openLinks[openLinks.length - 1]?.text;
        if (link && link.length < 300) {
          link.parts.push(text);
          link.length += text.length;
        }
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        const frame = stack.pop();
        if (frame) closeFrame(frame);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(input.length > maxInput ? input.slice(0, maxInput) : input);
  if (!result.truncated) parser.end();
  // Parsing stopped early: close what is still open, innermost first.
  while (stack.length) closeFrame(stack.pop()!);
  result.html = out.join('');
  return result;
}

const FRAME_STYLE = [
  'body{font:14px/1.45 system-ui,sans-serif;color:#111;background:#fff;margin:12px;overflow-wrap:anywhere}',
  '.pg-link{color:#0645ad;text-decoration:underline dotted}',
  '.pg-target{font:12px ui-monospace,monospace;color:#333;background:#fff3c4;border:1px solid #c9a400;border-radius:3px;padding:0 3px;margin-left:2px}',
  '.pg-danger{background:#ffd7d7;border-color:#b00020}',
  '.pg-via{color:#555}',
  '.pg-img,.pg-field,.pg-button{display:inline-block;font:12px ui-monospace,monospace;color:#333;background:#eee;border:1px dashed #777;padding:2px 4px}',
  '.pg-form{border:2px dashed #b00020;padding:4px;margin:4px 0}',
  '.pg-note{font:12px ui-monospace,monospace;color:#b00020}',
].join('');

/** A whole document for the preview frame; serve it with `SAFE_HTML_CSP`. */
export function safeHtmlDocument(rendered: SafeHtml): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><style>${FRAME_STYLE}</style></head><body>${rendered.html}</body></html>`;
}
