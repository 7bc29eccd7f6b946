import { inSector } from './brand-types.js';

/*
 * Denmark, Norway, Sweden, Finland and Iceland: posts, banks, payment and sign-in schemes, public bodies
 * and the operators and marketplaces phishers imitate there. Rules: see brands-tech.ts and
 * brands-government-eu.ts.
 *
 * Several names are ordinary words of the region's languages ("posten" the post, "posti" mail and, in
 * Italian, seats, "bring", "vero" tax and, in Italian, true, "nav", "kela", "skat" tax, "suomi" Finland,
 * "op"): they are only phrases or a case-sensitive exact keyword, and their domains' labels are no
 * look-alike target (`lookalikeLabels: []`).
 */

export const NORDIC_CARRIERS = inSector('carrier', [
  { name: 'PostNord', domains: ['postnord.com', 'postnord.se', 'postnord.dk', 'postnord.no', 'postnord.fi'], keywords: ['postnord'] },
  { name: 'Posten Norge / Bring', domains: ['posten.no', 'bring.no', 'bring.com'], keywords: ['posten norge', 'posten bring', 'bring express'], lookalikeLabels: [] },
  { name: 'Posti', domains: ['posti.fi'], keywords: ['posti group', 'posti oy', 'posti fi'], lookalikeLabels: [] },
]);

export const NORDIC_BANKS = inSector('bank', [
  { name: 'Nordea', domains: ['nordea.com', 'nordea.se', 'nordea.dk', 'nordea.no', 'nordea.fi'], keywords: ['nordea'] },
  { name: 'Danske Bank', domains: ['danskebank.dk', 'danskebank.com', 'danskebank.se', 'danskebank.no', 'danskebank.fi'], keywords: ['danske bank', 'danskebank'] },
  // "DNB" alone is also De Nederlandsche Bank (dnb.nl) and dnb.com is Dun & Bradstreet: the phrase only.
  { name: 'DNB', domains: ['dnb.no'], keywords: ['dnb bank'], lookalikeLabels: [] },
  { name: 'Swedbank', domains: ['swedbank.se', 'swedbank.com', 'swedbank.ee', 'swedbank.lv', 'swedbank.lt'], keywords: ['swedbank'] },
  // "SEB" alone is also the French appliance maker Groupe SEB (seb.fr).
  { name: 'SEB', domains: ['seb.se', 'sebgroup.com', 'seb.ee', 'seb.lv', 'seb.lt'], keywords: ['seb bank', 'skandinaviska enskilda banken'], lookalikeLabels: ['sebgroup'] },
  { name: 'Handelsbanken', domains: ['handelsbanken.se', 'handelsbanken.com', 'handelsbanken.co.uk', 'handelsbanken.no', 'handelsbanken.fi', 'handelsbanken.dk', 'handelsbanken.nl'], keywords: ['handelsbanken'] },
  { name: 'OP Financial Group', domains: ['op.fi'], keywords: ['osuuspankki', 'op ryhma', 'op pohjola', 'op financial group'], lookalikeLabels: [] },
  { name: 'Jyske Bank', domains: ['jyskebank.dk'], keywords: ['jyske bank', 'jyskebank'] },
  { name: 'Nykredit', domains: ['nykredit.dk'], keywords: ['nykredit'] },
  { name: 'SpareBank 1', domains: ['sparebank1.no'], keywords: ['sparebank 1', 'sparebank1'] },
]);

export const NORDIC_PAYMENT_BRANDS = inSector('payment', [
  // The Danish national eID: banks and public bodies name it as the way to sign in ("log på med MitID").
  { name: 'MitID', domains: ['mitid.dk'], keywords: ['mitid'], scheme: true },
  // Two schemes of one name, Sweden's (bankid.com) and Norway's (bankid.no): one entry, both domains.
  { name: 'BankID', domains: ['bankid.com', 'bankid.no'], keywords: ['bankid'], scheme: true },
  // "swish" is an English word: capitalised only.
  { name: 'Swish', domains: ['getswish.se'], keywords: ['getswish'], exactKeywords: ['Swish'], scheme: true },
  { name: 'Vipps MobilePay', domains: ['vipps.no', 'mobilepay.dk', 'mobilepay.fi', 'vippsmobilepay.com'], keywords: ['vipps', 'mobilepay', 'vipps mobilepay'], scheme: true },
]);

export const NORDIC_RETAIL_TELECOM = [
  ...inSector('telecom', [
    { name: 'Telia', domains: ['telia.se', 'telia.fi', 'telia.no', 'telia.dk', 'telia.ee', 'telia.lt', 'teliacompany.com'], keywords: ['telia'] },
    { name: 'Telenor', domains: ['telenor.no', 'telenor.se', 'telenor.dk', 'telenor.com'], keywords: ['telenor'] },
  ]),
  ...inSector('retail', [
    { name: 'Blocket', domains: ['blocket.se'], keywords: ['blocket'] },
  ]),
];

export const NORDIC_GOVERNMENT = inSector('government', [
  { name: 'Skatteverket', domains: ['skatteverket.se'], keywords: ['skatteverket'] },
  { name: 'Försäkringskassan', domains: ['forsakringskassan.se'], keywords: ['forsakringskassan'] },
  { name: 'Transportstyrelsen', domains: ['transportstyrelsen.se'], keywords: ['transportstyrelsen'] },
  { name: 'Tullverket', domains: ['tullverket.se'], keywords: ['tullverket'] },
  // "skat" is Danish for tax: the upper-case name as the body writes it, and its full name.
  { name: 'Skattestyrelsen (SKAT)', domains: ['skat.dk', 'sktst.dk'], keywords: ['skattestyrelsen'], exactKeywords: ['SKAT'], lookalikeLabels: [] },
  { name: 'e-Boks', domains: ['e-boks.dk', 'e-boks.com'], keywords: ['e boks', 'eboks'] },
  { name: 'Skatteetaten', domains: ['skatteetaten.no'], keywords: ['skatteetaten'] },
  // "nav" is a word of many languages (and NAV, net asset value): the full name only.
  { name: 'NAV', domains: ['nav.no'], keywords: ['arbeids og velferdsforvaltningen'], lookalikeLabels: [] },
  { name: 'Altinn', domains: ['altinn.no'], keywords: ['altinn'] },
  { name: 'Verohallinto (Vero)', domains: ['vero.fi'], keywords: ['verohallinto', 'vero fi'], lookalikeLabels: [] },
  { name: 'Kela', domains: ['kela.fi'], keywords: ['kansanelakelaitos', 'kela fi'], lookalikeLabels: [] },
  { name: 'Suomi.fi', domains: ['suomi.fi'], keywords: ['suomi fi'], lookalikeLabels: [] },
]);
