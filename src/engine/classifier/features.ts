import type { AttachmentInfo } from '../../core/message.js';
import type { ExtractedUrl } from '../../mail/url-extract.js';
import { DATE_WORDS } from '../text/language.js';
import { fold, removeAddresses } from '../text/words.js';
import { authoredText } from './boilerplate.js';
import { STOP_WORDS } from './stopwords.js';

/**
 * Content-only features for the statistical classifier (docs/detection.md, "Statistical classifier"): the
 * words and word pairs the author wrote in the subject and the first `chars` characters of the body, plus a
 * few link properties. Deliberately absent, because the corpora leak their label through them (corpus
 * README, "Known biases"), or because they say how a mail was sent rather than what it asks:
 * - every header other than the subject (dates, Received, Message-ID, X-Mailer, X-MS-*, List-*);
 * - e-mail addresses anywhere (text and URLs: the trap address), numbers of any kind (years, amounts,
 *   postcodes, order numbers: not even as a `<number>` token), month and weekday names;
 * - function words, greetings and sign-offs of every lexicon language (`stopwords.ts`): they name the
 *   language, and the corpora's legitimate mail is almost all English;
 * - template furniture and quoted text (`boilerplate.ts`): unsubscribe and preference blocks, "view in
 *   browser", social footers and links to social networks, postal and legal lines, quoted replies,
 *   signatures;
 * - link domains, http-vs-https, link wrapping and link counts (collection source and era), whether the
 *   mail is HTML, attachment types (rules judge those).
 */
export interface ClassifierInput {
  subject: string;
  /** Visible body text; only its first `chars` characters are read. */
  body: string;
  urls: readonly ExtractedUrl[];
  /** Kept for rules and future models; the current features ignore attachments. */
  attachments: readonly AttachmentInfo[];
}

export interface FeatureOptions {
  chars: number;
}

/**
 * Version of the feature definition. A model records the version it was trained with and the loader
 * refuses any other (the same weights read different features). 4: boilerplate removed, function words
 * of all languages and every number dropped, social-network links ignored.
 */
export const FEATURE_VERSION = 4;

const URLISH = /\b(?:https?:\/\/|www\.)[^\s<>"]{1,2000}/gi;
const WORD = /[\p{L}\p{N}]+/gu;
/** Mailing-list tags and reply prefixes in front of the subject ("Re: [USRP-users] …"): list software adds them, not the author. */
const SUBJECT_TAGS = /^\s*(?:(?:re|fwd?|aw|tr|sv|wg|rv|r)\s*:\s*|\[[^\]]{1,40}\]\s*)+/i;
const MAX_WORDS = 1200;

/**
 * Content words of folded text: anything with a digit, very short and very long tokens, function words,
 * greetings and date words are dropped. A dropped word also breaks the pair sequence (no pair spans it).
 */
function tokens(text: string, max: number): Array<string | null> {
  const out: Array<string | null> = [];
  const cleaned = removeAddresses(fold(text)).replace(URLISH, ' ');
  let kept = 0;
  // String#match rather than matchAll: no match object per word. Both texts are short (a subject, or a
  // body already cut to `chars`), so collecting every word first costs nothing the loop would have saved.
  for (const word of cleaned.match(WORD) ?? []) {
    if (/\d/.test(word) || word.length < 2 || word.length > 24 || STOP_WORDS.has(word) || DATE_WORDS.has(word)) {
      if (out.length > 0 && out[out.length - 1] !== null) out.push(null);
      continue;
    }
    out.push(word);
    if (++kept >= max) break;
  }
  return out;
}

/** Social networks whose links are footer icons, never content (a footer is not a brand claim either). */
const SOCIAL_DOMAINS: ReadonlySet<string> = new Set([
  'facebook.com', 'fb.com', 'fb.me', 'twitter.com', 'x.com', 'instagram.com', 'linkedin.com', 'youtube.com', 'youtu.be', 'pinterest.com',
  'tiktok.com', 'snapchat.com', 'whatsapp.com', 'wa.me', 't.me', 'threads.net', 'xing.com', 'vimeo.com', 'flickr.com', 'tumblr.com',
]);

/**
 * Path words kept: a small vocabulary of words that say what a page is for. Everything else in paths is
 * tracking tokens (memorised, never generalised) or the signature of one era's software ("cgi-bin" in
 * 2002 ham, an ESP's click path in 2023 mail), so it stays out. Sign-in words ("login", "verify") are
 * left to the URL_LOGIN_PATH rule: the 2002 newsletters of the dev corpus link to ".../url_login?…",
 * which taught an earlier model that "login" in a link means legitimate mail.
 */
const PATH_VOCABULARY: ReadonlySet<string> = new Set([
  'suspend', 'suspended', 'locked', 'restore', 'activate', 'reactivate', 'kyc', 'identity',
  'pay', 'payment', 'payments', 'invoice', 'invoices', 'refund', 'checkout', 'card', 'bank', 'tax', 'fee', 'fees', 'parcel', 'tracking', 'delivery', 'customs', 'redelivery',
  'gift', 'prize', 'reward', 'rewards', 'claim', 'bonus', 'promo', 'offer', 'offers', 'win', 'winner', 'survey', 'free', 'casino', 'bet', 'crypto', 'bitcoin', 'wallet', 'invest', 'loan',
  'download', 'file', 'files', 'doc', 'docs', 'document', 'documents', 'share', 'shared', 'view', 'viewer', 'scan', 'fax', 'voicemail', 'pdf', 'zip', 'exe',
  'wp', 'content', 'includes', 'uploads', 'plugins', 'themes', 'admin', 'php', 'ipfs', 'archive', 'archives', 'list', 'lists', 'wiki', 'issues', 'pull', 'commit', 'blob', 'tree', 'forum', 'thread', 'docs', 'manual', 'faq', 'help', 'support',
]);
const GENERIC_CCTLDS: ReadonlySet<string> = new Set(['co', 'io', 'me', 'ly', 'tv', 'cc', 'ws', 'to', 'gd', 'gl', 'su', 'tk', 'ml', 'ga', 'cf', 'gq', 'sh', 'ai', 'gg', 'la', 'fm', 'am', 'nu', 'pw', 'cx', 'vu']);
// The lookbehind starts the local part only where a run starts: linear (docs/performance.md).
const ENCODED_EMAIL = /(?<![^/?&=\s])[^/?&=\s]+(?:@|%40)[^/?&=\s]{1,255}/gi;

function urlFeatures(urls: readonly ExtractedUrl[], add: (f: string) => void): void {
  let count = 0;
  for (const u of urls) {
    if (u.kind === 'img' || u.kind === 'iframe') continue;
    if (u.info && SOCIAL_DOMAINS.has(u.info.domain)) continue;
    count++;
    if (count > 60) continue;
    const info = u.info;
    if (!info) {
      add(`u:scheme:${u.url.slice(0, u.url.indexOf(':')).toLowerCase()}`);
      continue;
    }
    if (info.isIp) add('u:ip');
    const tld = info.host.slice(info.host.lastIndexOf('.') + 1);
    // Country-code TLDs say which country a sender is in, i.e. its language: a French note linking to
    // .fr must not look like the corpora's non-English phishing. Only generic TLDs and the country codes
    // sold as generic ones remain.
    if (!info.isIp && /^[a-z]{2,12}$/.test(tld) && (tld.length > 2 || GENERIC_CCTLDS.has(tld))) add(`u:tld:${tld}`);
    if (info.host.includes('xn--')) add('u:punycode');
    if (info.userinfo) add('u:userinfo');
    if (info.subdomain && info.subdomain.split('.').length >= 3) add('u:deep');
    const rest = `${info.path} ${info.query.slice(0, 300)}`.replace(ENCODED_EMAIL, ' ').toLowerCase();
    for (const word of rest.split(/[^a-z]+/)) {
      if (PATH_VOCABULARY.has(word)) add(`u:p:${word}`);
    }
  }
}

/**
 * The body text the classifier reads: at most `chars` characters of what the author wrote, taken from a
 * window of `WINDOW × chars` characters once template lines, quotes and links are gone. A newsletter's
 * plain part often spends its first 4,000 characters on tracking links and "view in browser" lines;
 * counting those against the budget would leave the classifier nothing but boilerplate to read.
 */
const WINDOW = 4;
export function readableBody(body: string, chars: number): string {
  return authoredText(body.slice(0, WINDOW * chars)).replace(URLISH, ' ').replace(/[ \t]{2,}/g, ' ').slice(0, chars);
}

/** Distinct feature strings of one message. */
export function classifierFeatures(input: ClassifierInput, options: FeatureOptions): string[] {
  const features = new Set<string>();
  const add = (f: string): void => {
    features.add(f);
  };
  const subject = tokens(input.subject.replace(SUBJECT_TAGS, ''), 40);
  subject.forEach((word, i) => {
    if (word === null) return;
    add(`s:${word}`);
    const previous = subject[i - 1];
    if (previous) add(`s2:${previous}_${word}`);
  });
  const body = tokens(readableBody(input.body, options.chars), MAX_WORDS);
  body.forEach((word, i) => {
    if (word === null) return;
    add(`w:${word}`);
    const previous = body[i - 1];
    if (previous) add(`b:${previous}_${word}`);
  });
  if (!body.some((w) => w !== null)) add('w:#empty');
  urlFeatures(input.urls, add);
  return [...features];
}
