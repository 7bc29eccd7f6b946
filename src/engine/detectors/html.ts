import { registrableDomain } from '../../mail/url-info.js';
import { ownedOrSentFor } from '../delegates.js';
import { sameOrganisation } from '../organisation.js';
import { orgLabel } from '../organisation-name.js';
import { ruleOption, type Detector } from '../detector.js';
import { isSponsorLink } from './sponsor-links.js';

/**
 * The sender's own name under another suffix (a newsletter from mediaunspun.imakenews.net whose form posts
 * to www.imakenews.com): where the sender receives what its form sends, whoever the sender is. Names of
 * five letters or more, so that short generic names (mail.com, mail.net) stay apart.
 */
function sameNameOtherSuffix(host: string, senderRegistrable: string): boolean {
  const sender = orgLabel(senderRegistrable);
  return sender.length >= 5 && orgLabel(registrableDomain(host)) === sender;
}

export const htmlForm: Detector = {
  id: 'HTML_FORM',
  group: 'html',
  indicator: 'credential_request',
  description: 'A form inside the mail (strongest with a password field): mail should link to a site, not collect data',
  run(input) {
    const { html, urls, sender, brands } = input;
    if (!html || html.forms === 0) return [];
    if (html.passwordInputs > 0) return [{ strength: 1, reason: 'The mail contains a form with a password field' }];
    // Without a password field, a form posting to the sender's own site is a newsletter's search box or
    // subscription form, which any HTML newsletter may carry (docs/detection.md "Rules"); it is evidence only
    // when it sends what is typed to another organisation.
    const own = (host: string): boolean => (!sender.freemail && (sameOrganisation(host, sender.domain) || sameNameOtherSuffix(host, sender.registrable))) || (sender.ownBrand !== null && ownedOrSentFor(brands, sender.ownBrand, host));
    const elsewhere = urls.filter((u) => u.kind === 'form' && u.info !== null && u.info.host !== '' && !own(u.info.host) && !isSponsorLink(input, u));
    if (elsewhere.length === 0) return [];
    return [{ strength: 0.3, reason: `The mail contains a web form that sends what is typed to ${elsewhere[0]!.info!.host}`, url: elsewhere[0]!.url }];
  },
};

export const htmlHiddenText: Detector = {
  id: 'HTML_HIDDEN_TEXT',
  group: 'html',
  description: 'Large amounts of invisible text (filter-evasion padding); a short hidden preheader is normal',
  options: {
    min_hidden_chars: { default: 400, min: 0, max: 1_000_000, integer: true, description: 'Hidden characters below which hidden text is a normal preheader' },
    min_hidden_share: { default: 0.2, min: 0, max: 1, description: 'Share of all text that must be hidden' },
  },
  run({ html, bodyText }, ctx) {
    if (!html || html.hiddenChars < ruleOption(htmlHiddenText, ctx, 'min_hidden_chars')) return [];
    const share = html.hiddenChars / Math.max(1, html.hiddenChars + bodyText.length);
    if (share < ruleOption(htmlHiddenText, ctx, 'min_hidden_share')) return [];
    return [{ strength: share > 0.5 ? 1 : 0.6, reason: `${html.hiddenChars} characters of the HTML are hidden from the reader` }];
  },
};

const WORDISH = /[\p{L}\p{N}]{2,}/gu;

/** Words of text, counted only up to `limit` (a long body stops the count at once). */
function countWords(text: string, limit: number): number {
  let words = 0;
  for (const _ of text.matchAll(WORDISH)) if (++words >= limit) break;
  return words;
}

/**
 * The text without ASCII-armoured signature blocks ("-----BEGIN PGP SIGNATURE-----" … "-----END PGP
 * SIGNATURE-----"): base64 nobody reads, which spam kits append after an image-only body so that it
 * seems to have words. Found with indexOf: linear.
 */
export function withoutSignatureArmour(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf('-----BEGIN PGP', from);
    const end = start < 0 ? -1 : text.indexOf('-----END PGP', start);
    if (end < 0) return out + text.slice(from);
    const close = text.indexOf('-----', end + 12);
    out += `${text.slice(from, start)} `;
    from = close < 0 ? text.length : close + 5;
  }
}

export const htmlImageOnly: Detector = {
  id: 'HTML_IMAGE_ONLY',
  group: 'html',
  description: 'An HTML body that is almost only images and links, leaving no text for a reader or a filter to judge (a classic evasion)',
  options: {
    max_words: { default: 10, min: 1, max: 1000, integer: true, description: 'Words of text from which the body is no longer image-only' },
  },
  run({ html, bodyText }, ctx) {
    if (!html || (html.images === 0 && html.links.length === 0)) return [];
    const maxWords = ruleOption(htmlImageOnly, ctx, 'max_words');
    const words = countWords(withoutSignatureArmour(bodyText), maxWords);
    if (words >= maxWords) return [];
    // Without an image, a few words beside a link are a short note ("Buongiorno, le condivido il preventivo.
    // Apri il preventivo. Marco"); only a bare link or button leaves nothing to judge.
    if (html.images === 0 && words >= 3) return [];
    const what = html.images ? `${html.images} image${html.images === 1 ? '' : 's'}` : `${html.links.length} link${html.links.length === 1 ? '' : 's'}`;
    return [{ strength: words < 3 ? 1 : 0.6, reason: `The message is ${what} with ${words === 0 ? 'no' : `only ${words}`} words of text` }];
  },
};

// Mathematical alphanumerics (𝐕𝐞𝐫𝐢𝐟𝐲), enclosed letters and invisible characters inside words (fullwidth
// letters are left out: they are ordinary in Japanese text):
// ways to write words that filters do not read. Counted, never matched with a backtracking pattern.
const STYLED = /[\u{1D400}-\u{1D7FF}\u{1F130}-\u{1F189}\u24B6-\u24E9]/gu;
const INVISIBLE_IN_WORD = /[a-z][\u200b-\u200d\u2060]+[a-z]/giu;

export const unicodeObfuscation: Detector = {
  id: 'UNICODE_OBFUSCATION',
  group: 'html',
  description: 'Words written with look-alike Unicode letters (𝐕𝐞𝐫𝐢𝐟𝐲, Ⓥⓔⓡⓘⓕⓨ) or split by invisible characters to slip past filters',
  run({ message, html }) {
    const text = `${message.subject}\n${message.text.slice(0, 20_000)}\n${html?.text.slice(0, 20_000) ?? ''}`;
    let styled = 0;
    for (const _ of text.matchAll(STYLED)) if (++styled >= 50) break;
    let split = 0;
    for (const _ of `${message.subject}\n${message.text.slice(0, 20_000)}`.matchAll(INVISIBLE_IN_WORD)) if (++split >= 50) break;
    if (styled >= 3) return [{ strength: styled >= 10 ? 1 : 0.6, reason: `${styled >= 50 ? '50+' : styled} characters are styled Unicode look-alikes of ordinary letters (a filter-evasion trick)` }];
    if (split >= 5) return [{ strength: 0.6, reason: `Words are split by invisible characters (${split >= 50 ? '50+' : split} places)` }];
    return [];
  },
};
