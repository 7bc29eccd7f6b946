import { describe, expect, it } from 'vitest';
import { CJK_LEXICONS, findCjkPhrases } from '../../src/engine/lexicon/cjk.js';
import { words } from '../../src/engine/text/words.js';

describe('Japanese and Chinese phrases (src/engine/lexicon/cjk.ts)', () => {
  it('finds a phrase inside a sentence written without spaces, voiced kana included, with the word it starts in', () => {
    const text = 'Hello team. お客様のアカウントで不正なログインが検出されたため、ご本人確認を行ってください。';
    const folded = words(text);
    const hits = findCjkPhrases(folded, text);
    expect(hits.map((h) => [h.tag, h.text])).toEqual([['credential:ja', 'ご本人確認を行ってください'], ['threat:ja', '不正なログインが検出']]);
    for (const h of hits) expect(folded.slice(h.index).join(' ')).toContain(words(h.text).join(' ').slice(0, 2));
  });

  it('reads simplified and traditional Chinese, and nothing in text without CJK letters', () => {
    expect(findCjkPhrases(words('您的邮箱即将停用，请在24小时内登录并验证'), '您的邮箱即将停用，请在24小时内登录并验证').map((h) => h.tag).sort()).toEqual(['credential:zh', 'threat:zh', 'urgency:zh']);
    expect(findCjkPhrases(words('您的帳戶將被凍結'), '您的帳戶將被凍結').map((h) => h.tag)).toEqual(['threat:zh']);
    expect(findCjkPhrases(words('your account will be suspended within 24 hours'), 'your account will be suspended within 24 hours')).toEqual([]);
  });

  it('leaves a shop\'s wording alone: log in to see the order, change the password if it was not you', () => {
    expect(findCjkPhrases(words('マイページにログインしてご注文内容をご確認ください。お心当たりがない場合はパスワードを変更してください。'), 'マイページにログインしてご注文内容をご確認ください。お心当たりがない場合はパスワードを変更してください。')).toEqual([]);
    expect(findCjkPhrases(words('请登录官网查看账单明细'), '请登录官网查看账单明细')).toEqual([]);
  });

  it('every phrase is found in its own text (none is lost to folding)', () => {
    for (const lexicon of Object.values(CJK_LEXICONS)) {
      for (const [category, phrases] of Object.entries(lexicon)) {
        for (const phrase of phrases!) expect(findCjkPhrases(words(`前文。${phrase}。後文`), `前文。${phrase}。後文`).map((h) => `${h.tag.split(':')[0]} ${h.text}`)).toContain(`${category} ${phrase}`);
      }
    }
  });
});
