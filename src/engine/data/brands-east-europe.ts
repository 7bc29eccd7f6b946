import { inSector } from './brand-types.js';

/*
 * Poland, Czechia, Slovakia, Hungary, Romania, Bulgaria, Greece, Croatia, Slovenia, the Baltic states,
 * Russia and Ukraine: posts, banks, payment schemes, marketplaces and public bodies. Rules: see
 * brands-tech.ts and brands-government-eu.ts. Cyrillic and Greek keywords are folded like Latin ones
 * (words.ts: й→и, ё→е, Greek without accents).
 *
 * "posta", "pošta", "pasts", "pochta" are the word "post" in the region's languages: a post's domain
 * label of that word is no look-alike target (`lookalikeLabels: []`), its keywords are the national name.
 */

export const EAST_EUROPE_CARRIERS = inSector('carrier', [
  { name: 'Poczta Polska', domains: ['poczta-polska.pl'], keywords: ['poczta polska'] },
  { name: 'Česká pošta', domains: ['ceskaposta.cz', 'cpost.cz', 'postaonline.cz'], keywords: ['ceska posta'] },
  { name: 'Slovenská pošta', domains: ['posta.sk'], keywords: ['slovenska posta'], lookalikeLabels: [] },
  { name: 'Magyar Posta', domains: ['posta.hu'], keywords: ['magyar posta'], lookalikeLabels: [] },
  { name: 'Poșta Română', domains: ['posta-romana.ro'], keywords: ['posta romana'] },
  { name: 'Econt', domains: ['econt.com'], keywords: ['econt', 'econt express'] },
  { name: 'Bulgarian Posts', domains: ['bgpost.bg'], keywords: ['български пощи', 'bulgarian posts'] },
  // The Greek post writes its initials in Greek (ΕΛΤΑ) and Latin (ELTA).
  { name: 'ELTA (Hellenic Post)', domains: ['elta.gr', 'elta-courier.gr'], keywords: ['ελτα', 'ελληνικα ταχυδρομεια', 'elta courier', 'hellenic post'], exactKeywords: ['ELTA'] },
  { name: 'Hrvatska pošta', domains: ['posta.hr'], keywords: ['hrvatska posta'], lookalikeLabels: [] },
  { name: 'Pošta Slovenije', domains: ['posta.si'], keywords: ['posta slovenije'], lookalikeLabels: [] },
  { name: 'Omniva', domains: ['omniva.ee', 'omniva.lv', 'omniva.lt'], keywords: ['omniva'] },
  { name: 'Latvijas Pasts', domains: ['pasts.lv'], keywords: ['latvijas pasts'], lookalikeLabels: [] },
  { name: 'Lietuvos paštas', domains: ['post.lt'], keywords: ['lietuvos pastas'], lookalikeLabels: [] },
  { name: 'Packeta / Zásilkovna', domains: ['packeta.com', 'zasilkovna.cz'], keywords: ['packeta', 'zasilkovna'] },
  { name: 'Почта России', domains: ['pochta.ru'], keywords: ['почта россии', 'pochta rossii', 'russian post'], lookalikeLabels: [] },
  { name: 'Укрпошта', domains: ['ukrposhta.ua'], keywords: ['укрпошта', 'ukrposhta'] },
  { name: 'Nova Poshta', domains: ['novaposhta.ua'], keywords: ['нова пошта', 'nova poshta', 'novaposhta'] },
]);

export const EAST_EUROPE_BANKS = inSector('bank', [
  { name: 'PKO Bank Polski', domains: ['pkobp.pl', 'ipko.pl'], keywords: ['pko bank polski', 'pko bp', 'pkobp', 'ipko'] },
  { name: 'mBank', domains: ['mbank.pl', 'mbank.cz', 'mbank.sk'], keywords: ['mbank'] },
  { name: 'Bank Pekao', domains: ['pekao.com.pl'], keywords: ['bank pekao', 'pekao'] },
  { name: 'Alior Bank', domains: ['aliorbank.pl'], keywords: ['alior bank', 'aliorbank'] },
  { name: 'Česká spořitelna', domains: ['csas.cz'], keywords: ['ceska sporitelna'] },
  { name: 'ČSOB', domains: ['csob.cz', 'csob.sk'], keywords: ['csob'] },
  { name: 'Komerční banka', domains: ['kb.cz'], keywords: ['komercni banka'], lookalikeLabels: [] },
  { name: 'Fio banka', domains: ['fio.cz'], keywords: ['fio banka'], lookalikeLabels: [] },
  { name: 'Air Bank', domains: ['airbank.cz'], keywords: ['air bank', 'airbank'] },
  { name: 'Slovenská sporiteľňa', domains: ['slsp.sk'], keywords: ['slovenska sporitelna'] },
  { name: 'Tatra banka', domains: ['tatrabanka.sk'], keywords: ['tatra banka', 'tatrabanka'] },
  { name: 'VÚB banka', domains: ['vub.sk'], keywords: ['vub banka'], lookalikeLabels: [] },
  { name: 'OTP Bank', domains: ['otpbank.hu'], keywords: ['otp bank', 'otpbank'] },
  { name: 'K&H Bank', domains: ['kh.hu'], keywords: ['k h bank'], lookalikeLabels: [] },
  { name: 'Banca Transilvania', domains: ['bancatransilvania.ro'], keywords: ['banca transilvania'] },
  { name: 'BCR', domains: ['bcr.ro'], keywords: ['banca comerciala romana'], exactKeywords: ['BCR'] },
  { name: 'DSK Bank', domains: ['dskbank.bg'], keywords: ['dsk bank', 'банка дск'] },
  { name: 'Sberbank', domains: ['sberbank.ru', 'sber.ru', 'sberbank.com'], keywords: ['сбербанк', 'сбер', 'sberbank'] },
  { name: 'T-Bank (Tinkoff)', domains: ['tbank.ru', 'tinkoff.ru'], keywords: ['тинькофф', 'tinkoff', 'т банк'] },
  { name: 'Alfa-Bank', domains: ['alfabank.ru'], keywords: ['альфа банк', 'alfa bank', 'alfabank'] },
  { name: 'VTB', domains: ['vtb.ru'], keywords: ['втб', 'vtb bank'], exactKeywords: ['VTB'] },
  { name: 'PrivatBank', domains: ['privatbank.ua', 'privat24.ua'], keywords: ['приватбанк', 'privatbank', 'приват24', 'privat24'] },
  { name: 'monobank', domains: ['monobank.ua'], keywords: ['monobank'] },
]);

export const EAST_EUROPE_PAYMENT_BRANDS = inSector('payment', [
  // "blik" is Dutch for a tin and a look: the upper-case name as the scheme writes it, and "kod BLIK".
  { name: 'BLIK', domains: ['blik.com'], keywords: ['kod blik'], exactKeywords: ['BLIK'], scheme: true, lookalikeLabels: [] },
]);

export const EAST_EUROPE_RETAIL_SOCIAL = [
  ...inSector('retail', [
    // "allegro" is a tempo: capitalised, or with the address.
    { name: 'Allegro', domains: ['allegro.pl', 'allegro.cz', 'allegro.sk'], keywords: ['allegro pl'], exactKeywords: ['Allegro'] },
    { name: 'Wildberries', domains: ['wildberries.ru'], keywords: ['wildberries', 'ваилдберриз'] },
  ]),
  ...inSector('social', [{ name: 'VK', domains: ['vk.com'], keywords: ['vkontakte', 'вконтакте'], lookalikeLabels: [] }]),
];

export const EAST_EUROPE_GOVERNMENT = inSector('government', [
  { name: 'ANAF', domains: ['anaf.ro'], keywords: ['anaf', 'agentia nationala de administrare fiscala'] },
  { name: 'AADE', domains: ['aade.gr'], keywords: ['aade', 'ααδε', 'taxisnet'] },
  { name: 'Госуслуги', domains: ['gosuslugi.ru'], keywords: ['госуслуги', 'gosuslugi'] },
]);
