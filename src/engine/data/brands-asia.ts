import { inSector } from './brand-types.js';
import { words } from '../text/words.js';

/*
 * Japan, China, Korea, India, Indonesia, Singapore, Malaysia, Thailand, Vietnam and the Philippines:
 * posts and couriers, banks, wallets, marketplaces and public bodies. Rules: see brands-tech.ts.
 *
 * CJK names: the word splitter (words.ts) reads a run of CJK characters as one word, so a CJK keyword
 * matches where the name stands alone ("中国银行" as a display name, "【日本郵便】" in a subject); the
 * Latin name is a keyword beside it. Hangul syllables fold to their letters (NFKD) and kana lose their
 * voicing marks (カード → カート), which the source cannot show: such names are written through `folded`.
 * A CJK name of two characters (楽天, 京东) is too short to name a brand. An English name that another bank's name contains ("bank of china"
 * in "Agricultural Bank of China", "People's Bank of China") is left out: every start is matched.
 */

/** A name as the matcher reads it (words.ts), for scripts whose folding the source cannot show. */
const folded = (name: string): string => words(name).join(' ');

export const ASIA_CARRIERS = inSector('carrier', [
  { name: 'Japan Post', domains: ['japanpost.jp'], keywords: ['japan post', '日本郵便', 'japan post bank', 'ゆうちょ銀行'] },
  { name: 'Yamato Transport', domains: ['kuronekoyamato.co.jp', 'yamato-hd.co.jp'], keywords: ['yamato transport', 'kuroneko yamato', 'ヤマト運輸', 'クロネコヤマト'] },
  { name: 'Sagawa Express', domains: ['sagawa-exp.co.jp'], keywords: ['sagawa express', '佐川急便'] },
  { name: 'China Post / EMS', domains: ['chinapost.com.cn', 'ems.com.cn'], keywords: ['china post', '中国邮政'] },
  { name: 'SF Express', domains: ['sf-express.com'], keywords: ['sf express', '顺丰速运'], lookalikeLabels: [] },
  { name: 'Korea Post', domains: ['epost.go.kr', 'koreapost.go.kr'], keywords: ['korea post', folded('우체국'), folded('우정사업본부')] },
  { name: 'CJ Logistics', domains: ['cjlogistics.com'], keywords: ['cj logistics', folded('cj대한통운'), folded('대한통운')] },
  { name: 'India Post', domains: ['indiapost.gov.in'], keywords: ['india post', 'indiapost'] },
  { name: 'Pos Indonesia', domains: ['posindonesia.co.id'], keywords: ['pos indonesia', 'posindonesia'] },
  { name: 'SingPost', domains: ['singpost.com'], keywords: ['singpost', 'singapore post'] },
  { name: 'Pos Malaysia', domains: ['pos.com.my'], keywords: ['pos malaysia', 'poslaju', 'pos laju'], lookalikeLabels: [] },
  { name: 'Thailand Post', domains: ['thailandpost.co.th'], keywords: ['thailand post'] },
  { name: 'Vietnam Post', domains: ['vnpost.vn'], keywords: ['vnpost', 'vietnam post'] },
  { name: 'PHLPost', domains: ['phlpost.gov.ph'], keywords: ['phlpost', 'philippine postal corporation'] },
]);

export const ASIA_BANKS = inSector('bank', [
  { name: 'MUFG', domains: ['mufg.jp', 'mufgamericas.com'], keywords: ['mufg', 'mufg bank', '三菱ufj銀行'] },
  { name: 'SMBC', domains: ['smbc.co.jp', 'smbc-card.com'], keywords: ['smbc', '三井住友銀行', folded('三井住友カード')] },
  { name: 'Mizuho', domains: ['mizuhobank.co.jp', 'mizuho-fg.co.jp'], keywords: ['mizuho bank', folded('みずほ銀行')] },
  { name: 'Bank of China', domains: ['boc.cn', 'bankofchina.com', 'bochk.com'], keywords: ['中国银行', '中銀香港', '中银香港'] },
  { name: 'ICBC', domains: ['icbc.com.cn'], keywords: ['industrial and commercial bank of china', '中国工商银行', '工商银行'] },
  { name: 'China Construction Bank', domains: ['ccb.com'], keywords: ['china construction bank', '中国建设银行', '建设银行'] },
  { name: 'Agricultural Bank of China', domains: ['abchina.com'], keywords: ['agricultural bank of china', '中国农业银行', '农业银行'] },
  { name: 'China Merchants Bank', domains: ['cmbchina.com'], keywords: ['china merchants bank', '招商银行'] },
  { name: 'KB Kookmin Bank', domains: ['kbstar.com', 'kbfg.com', 'kbcard.com'], keywords: ['kb kookmin', 'kookmin bank', folded('국민은행'), folded('kb국민은행'), folded('kb국민카드')] },
  { name: 'Shinhan Bank', domains: ['shinhan.com', 'shinhancard.com'], keywords: ['shinhan bank', folded('신한은행'), folded('신한카드')] },
  { name: 'Woori Bank', domains: ['wooribank.com', 'woorifg.com'], keywords: ['woori bank', folded('우리은행')] },
  // "SBI" is also Japan's SBI Holdings, whose names run into Japanese ("SBI証券") and stay one word.
  { name: 'State Bank of India', domains: ['sbi.co.in', 'onlinesbi.sbi', 'onlinesbi.com', 'sbicard.com'], keywords: ['state bank of india', 'onlinesbi', 'sbi card', 'yono sbi'], exactKeywords: ['SBI'] },
  { name: 'HDFC Bank', domains: ['hdfcbank.com', 'hdfcbank.net'], keywords: ['hdfc bank', 'hdfcbank'] },
  // "ICICI" alone is also ICICI Lombard and ICICI Prudential, on their own domains.
  { name: 'ICICI Bank', domains: ['icicibank.com'], keywords: ['icici bank', 'icicibank'] },
  { name: 'Axis Bank', domains: ['axisbank.com'], keywords: ['axis bank', 'axisbank'] },
  { name: 'BCA', domains: ['bca.co.id', 'klikbca.com'], keywords: ['bank central asia', 'klikbca', 'mybca'], exactKeywords: ['BCA'] },
  { name: 'Bank Mandiri', domains: ['bankmandiri.co.id'], keywords: ['bank mandiri', 'livin by mandiri'] },
  { name: 'BRI', domains: ['bri.co.id'], keywords: ['bank rakyat indonesia', 'bank bri', 'brimo'], exactKeywords: ['BRI'] },
  { name: 'BNI', domains: ['bni.co.id'], keywords: ['bank negara indonesia', 'bank bni'], exactKeywords: ['BNI'] },
  // "DBS" alone is also the UK's Disclosure and Barring Service.
  { name: 'DBS / POSB', domains: ['dbs.com', 'dbs.com.sg', 'posb.com.sg'], keywords: ['dbs bank', 'digibank', 'posb'] },
  { name: 'Maybank', domains: ['maybank.com', 'maybank2u.com.my', 'maybank2u.com.sg', 'maybank.co.id'], keywords: ['maybank', 'maybank2u'] },
  { name: 'Kasikornbank', domains: ['kasikornbank.com'], keywords: ['kasikornbank', 'kasikorn bank'] },
  { name: 'Bangkok Bank', domains: ['bangkokbank.com'], keywords: ['bangkok bank'] },
  { name: 'SCB (Siam Commercial Bank)', domains: ['scb.co.th'], keywords: ['siam commercial bank'], lookalikeLabels: [] },
  { name: 'Vietcombank', domains: ['vietcombank.com.vn'], keywords: ['vietcombank'] },
  // "BDO" alone is also the accounting network BDO.
  { name: 'BDO Unibank', domains: ['bdo.com.ph'], keywords: ['bdo unibank'], lookalikeLabels: [] },
]);

export const ASIA_PAYMENT_BRANDS = inSector('payment', [
  { name: 'PayPay', domains: ['paypay.ne.jp', 'paypay-card.co.jp', 'paypay-bank.co.jp'], keywords: ['paypay'], scheme: true },
  { name: 'JCB', domains: ['jcb.co.jp', 'global.jcb'], keywords: ['jcb card'], exactKeywords: ['JCB'], lookalikeLabels: [] },
  { name: 'Alipay', domains: ['alipay.com', 'alipayplus.com', 'antgroup.com'], keywords: ['alipay', '支付宝'], scheme: true },
  { name: 'UPI / NPCI', domains: ['npci.org.in'], keywords: ['bhim upi', 'unified payments interface', 'npci'], scheme: true },
  { name: 'Paytm', domains: ['paytm.com'], keywords: ['paytm'] },
  { name: 'GCash', domains: ['gcash.com'], keywords: ['gcash'], scheme: true },
]);

export const ASIA_RETAIL_TECH = [
  ...inSector('retail', [
    { name: 'Rakuten', domains: ['rakuten.co.jp', 'rakuten.com', 'rakuten-card.co.jp', 'rakuten-bank.co.jp', 'rakuten.tv', 'viber.com', 'kobo.com'], keywords: ['rakuten', folded('楽天カード'), '楽天市場'] },
    { name: 'Mercari', domains: ['mercari.com'], keywords: ['mercari', 'メルカリ'] },
    { name: 'Taobao / Tmall', domains: ['taobao.com', 'tmall.com'], keywords: ['taobao', '淘宝网', 'tmall', '天猫商城'] },
    { name: 'JD.com', domains: ['jd.com'], keywords: ['jd com', '京东商城'], lookalikeLabels: [] },
    { name: 'Coupang', domains: ['coupang.com'], keywords: ['coupang', folded('쿠팡')] },
    { name: 'Flipkart', domains: ['flipkart.com'], keywords: ['flipkart'] },
    { name: 'Tokopedia', domains: ['tokopedia.com'], keywords: ['tokopedia'] },
    { name: 'Lazada', domains: ['lazada.com', 'lazada.co.id', 'lazada.sg', 'lazada.com.my', 'lazada.com.ph', 'lazada.co.th', 'lazada.vn'], keywords: ['lazada'] },
  ]),
  ...inSector('travel', [
    // "grab" is an English verb: the services' names only.
    { name: 'Grab', domains: ['grab.com'], keywords: ['grabpay', 'grab pay', 'grabfood', 'grabcar', 'grab holdings'], lookalikeLabels: [] },
    { name: 'Gojek', domains: ['gojek.com'], keywords: ['gojek'] },
  ]),
];

export const ASIA_GOVERNMENT = inSector('government', [
  { name: 'National Tax Agency (Japan)', domains: ['nta.go.jp'], keywords: ['国税庁', 'national tax agency japan'], lookalikeLabels: [] },
  { name: 'Hometax (Korea NTS)', domains: ['hometax.go.kr', 'nts.go.kr'], keywords: ['hometax', folded('국세청'), folded('홈택스')] },
  { name: 'Income Tax Department (India)', domains: ['incometax.gov.in', 'incometaxindia.gov.in'], keywords: ['incometaxindia', 'income tax india', 'income tax e filing'] },
  { name: 'Singpass', domains: ['singpass.gov.sg'], keywords: ['singpass'], scheme: true },
  { name: 'IRAS', domains: ['iras.gov.sg'], keywords: ['inland revenue authority of singapore'], exactKeywords: ['IRAS'], lookalikeLabels: [] },
  { name: 'LHDN (Malaysia)', domains: ['hasil.gov.my'], keywords: ['lembaga hasil dalam negeri', 'lhdn'], lookalikeLabels: [] },
]);
