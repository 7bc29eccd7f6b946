/**
 * Inline `style` attributes of a hostile mail, reduced to presentational declarations that can load
 * nothing: an allow-list of properties, and any value that could reach the network (`url(`, `image-set(`,
 * `@import`), run code (`expression(`) or smuggle syntax (escapes, comments, angle brackets) is dropped.
 * Properties that hide text (display, visibility, opacity, position) are left out on purpose: a reviewer
 * should see what the mail tried to hide.
 */
const PROPERTIES = new Set([
  'color', 'background-color', 'font-family', 'font-weight', 'font-style', 'font-size', 'font-variant', 'text-align', 'text-decoration',
  'text-transform', 'text-indent', 'letter-spacing', 'word-spacing', 'line-height', 'vertical-align', 'white-space', 'direction',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding', 'padding-top', 'padding-right', 'padding-bottom',
  'padding-left', 'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-width', 'border-style',
  'border-collapse', 'border-spacing', 'border-radius', 'width', 'max-width', 'min-width', 'height', 'min-height', 'table-layout',
  'list-style-type',
]);

const FORBIDDEN_VALUE = /(?:url|image|image-set|cross-fade|element|expression|attr|var|env|paint)\s*\(|@|\\|\/\*|[<>]|javascript:/i;
/** font-size: 0 hides text as surely as display: none. */
const ZERO_SIZE = /^(?:0+(?:\.0*)?|\.0+)\s*[a-z%]*$/i;
const MAX_STYLE_CHARS = 2000;
const MAX_VALUE_CHARS = 200;

export function sanitizeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.slice(0, MAX_STYLE_CHARS).split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!PROPERTIES.has(property) || !value || value.length > MAX_VALUE_CHARS || FORBIDDEN_VALUE.test(value)) continue;
    if (property === 'font-size' && ZERO_SIZE.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}
