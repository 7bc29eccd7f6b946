import type { AttachmentInfo } from '../../core/message.js';
import type { ExtractedUrl } from '../../mail/url-extract.js';
import { DATE_WORDS, NON_ENGLISH_FUNCTION_WORDS } from '../text/language.js';
import { fold, removeAddresses } from '../text/words.js';

/**
 * Content-only features for the statistical classifier (spec §4.1: the first 4,000 characters of the body,
 * plus the subject and URL tokens). Deliberately absent, because the dev corpus leaks its label through
 * them (corpus README, "Known biases"): every header other than the subject (dates, Received, Message-ID,
 * X-Mailer, X-MS-*, List-*), recipient addresses, e-mail addresses anywhere (text and URLs: the trap
 * address), numbers and month/day names (years, dates), link domains and http-vs-https (they name the
 * collection source and its era), whether links were wrapped (Outlook.com's Safe Links wrapped the
 * honeypot's mail on delivery) and how many links there are (genre and era), whether the mail is HTML,
 * attachment types (rules judge those), and non-English function words (the legitimate mail of the
 * corpus is almost all English).
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

export const FEATURE_VERSION = 3;

const URLISH = /\b(?:https?:\/\/|www\.)[^\s<>"]{1,2000}/gi;
const WORD = /[\p{L}\p{N}]+/gu;
/** Mailing-list tags and reply prefixes in front of the subject ("Re: [USRP-users] …"): list software adds them, not the author. */
const SUBJECT_TAGS = /^\s*(?:(?:re|fwd?|aw|tr|sv|wg|rv|r)\s*:\s*|\[[^\]]{1,40}\]\s*)+/i;
const MAX_WORDS = 1200;

/** Words of folded text: digits collapse to one token, very short and very long tokens are dropped. */
function tokens(text: string, max: number): string[] {
  const out: string[] = [];
  const cleaned = removeAddresses(fold(text)).replace(URLISH, ' ');
  for (const match of cleaned.matchAll(WORD)) {
    const word = match[0];
    if (/\d/.test(word)) {
      out.push(/^\d+$/.test(word) ? '#num' : '#alnum');
    } else if (word.length >= 2 && word.length <= 24 && !NON_ENGLISH_FUNCTION_WORDS.has(word) && !DATE_WORDS.has(word)) {
      out.push(word);
    }
    if (out.length >= max) break;
  }
  return out;
}

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
  'wp', 'content', 'includes', 'uploads', 'plugins', 'themes', 'admin', 'php', 'ipfs', 'unsubscribe', 'optout', 'remove', 'newsletter', 'archive', 'archives', 'list', 'lists', 'wiki', 'issues', 'pull', 'commit', 'blob', 'tree', 'forum', 'thread', 'docs', 'manual', 'faq', 'help', 'support',
]);
// The lookbehind starts the local part only where a run starts: linear (docs/performance.md).
const ENCODED_EMAIL = /(?<![^/?&=\s])[^/?&=\s]+(?:@|%40)[^/?&=\s]{1,255}/gi;

function urlFeatures(urls: readonly ExtractedUrl[], add: (f: string) => void): void {
  let count = 0;
  for (const u of urls) {
    if (u.kind === 'img' || u.kind === 'iframe') continue;
    count++;
    if (count > 60) continue;
    const info = u.info;
    if (!info) {
      add(`u:scheme:${u.url.slice(0, u.url.indexOf(':')).toLowerCase()}`);
      continue;
    }
    if (info.isIp) add('u:ip');
    const tld = info.host.slice(info.host.lastIndexOf('.') + 1);
    if (!info.isIp && /^[a-z]{2,12}$/.test(tld)) add(`u:tld:${tld}`);
    if (info.host.includes('xn--')) add('u:punycode');
    if (info.userinfo) add('u:userinfo');
    if (info.subdomain && info.subdomain.split('.').length >= 3) add('u:deep');
    const rest = `${info.path} ${info.query.slice(0, 300)}`.replace(ENCODED_EMAIL, ' ').toLowerCase();
    for (const word of rest.split(/[^a-z]+/)) {
      if (PATH_VOCABULARY.has(word)) add(`u:p:${word}`);
    }
  }
}

/** Distinct feature strings of one message. */
export function classifierFeatures(input: ClassifierInput, options: FeatureOptions): string[] {
  const features = new Set<string>();
  const add = (f: string): void => {
    features.add(f);
  };
  const subject = tokens(input.subject.replace(SUBJECT_TAGS, ''), 40);
  for (let i = 0; i < subject.length; i++) {
    add(`s:${subject[i]}`);
    if (i > 0) add(`s2:${subject[i - 1]}_${subject[i]}`);
  }
  const body = tokens(input.body.slice(0, options.chars), MAX_WORDS);
  for (let i = 0; i < body.length; i++) {
    add(`w:${body[i]}`);
    if (i > 0) add(`b:${body[i - 1]}_${body[i]}`);
  }
  if (body.length === 0) add('w:#empty');
  urlFeatures(input.urls, add);
  return [...features];
}
