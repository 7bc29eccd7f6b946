/**
 * Japanese and Chinese phrases of the lexicon categories (docs/detection.md "Language rules"). These languages
 * write without spaces, so a sentence is one "word" to the word matcher (text/words.ts) and its patterns
 * cannot reach inside; here each phrase is found as a substring of the folded words joined by single spaces
 * (folding drops the kana voicing marks, which then split a word: "ログイン" reads "ロク イン", and each
 * phrase is folded the same way). Only phrases that address the reader's account, as the other languages'
 * patterns do: "log in to check your order" stays a genuine shop's wording. Linear: one pass to see whether
 * any CJK text is there, then one `indexOf` per phrase over the joined words, which are bounded by the caller.
 */
import type { PhraseHit } from '../text/phrase-matcher.js';
import { words } from '../text/words.js';
import type { LexiconCategory } from './types.js';

type CjkLexicon = Partial<Record<LexiconCategory, readonly string[]>>;

const JA: CjkLexicon = {
  credential: ['ご本人確認を行ってください', '本人確認を完了してください', 'ログインして本人確認', 'アカウント情報を確認してください', 'アカウント情報の更新', 'ログイン情報を確認してください'],
  payment: ['お支払い情報を更新', 'お支払い方法を更新', 'クレジットカード情報を更新', 'カード情報の更新をお願い'],
  threat: ['アカウントは停止されます', 'アカウントを停止いたします', 'アカウントの利用を一時的に制限', 'アカウントがロックされ', '不正なログインが検出', '不正アクセスを検知', 'アカウントは削除されます'],
  urgency: ['24時間以内に', '48時間以内に', '至急ご確認ください'],
};

/** Simplified and traditional forms of each phrase. */
const ZH: CjkLexicon = {
  credential: ['验证您的账户', '验证您的帐户', '驗證您的帳戶', '登录并验证', '登入並驗證', '确认您的身份', '確認您的身份', '输入您的密码', '輸入您的密碼', '更新您的账户信息', '更新您的帳戶資料'],
  payment: ['更新付款信息', '更新您的付款方式', '更新付款方式', '付款失败', '付款失敗', '支付失败'],
  threat: ['账户将被停用', '帐户将被停用', '帳戶將被停用', '邮箱即将停用', '郵箱即將停用', '账户将被冻结', '账户已被冻结', '帳戶將被凍結', '帳戶已被凍結', '异常登录', '異常登入', '将被永久删除', '將被永久刪除'],
  urgency: ['24小时内', '24小時內', '48小时内', '48小時內'],
};

interface CompiledPhrase {
  tag: string;
  pattern: string;
  /** The phrase as the joined folded words read it. */
  folded: string;
}

const COMPILED: readonly CompiledPhrase[] = Object.entries({ ja: JA, zh: ZH }).flatMap(([language, lexicon]) =>
  Object.entries(lexicon).flatMap(([category, phrases]) => phrases!.map((pattern) => ({ tag: `${category}:${language}`, pattern, folded: words(pattern).join(' ') }))),
);

const CJK_TEXT = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/**
 * The phrases above in `folded` (the folded words of `text`, as the word matcher reads them); `index` is the word a
 * phrase starts in. Mail without a CJK letter costs one scan of `text` (one native regex pass, not one per word).
 */
export function findCjkPhrases(folded: readonly string[], text: string): PhraseHit[] {
  if (!CJK_TEXT.test(text)) return [];
  const joined = folded.join(' ');
  const hits: PhraseHit[] = [];
  for (const phrase of COMPILED) {
    const at = joined.indexOf(phrase.folded);
    if (at < 0) continue;
    let index = 0;
    for (let i = joined.indexOf(' '); i >= 0 && i < at; i = joined.indexOf(' ', i + 1)) index++;
    // Quoted as written: the folded form has lost its voicing marks ("ご本人確認" would read "こ 本人確認").
    hits.push({ tag: phrase.tag, pattern: phrase.pattern, text: phrase.pattern, index });
  }
  return hits;
}

/** The phrases, for tests and the docs. */
export const CJK_LEXICONS: Readonly<Record<'ja' | 'zh', CjkLexicon>> = { ja: JA, zh: ZH };
