import { inSector } from './brand-types.js';

/*
 * Banks of Germany, Austria and the Netherlands, and the pan-European online banks. The hundreds of
 * local Sparkassen and Volksbanken mail from their own domains as well as the groups' (sparkasse.de,
 * vr.de): the group domains are listed, and the members' own by their naming pattern (`members`:
 * sparkasse-koelnbonn.de, vr-bank-xyz.de). Rules: see brands-tech.ts.
 */

export const BANKS_DE_NL = inSector('bank', [
  { name: 'Deutsche Bank', domains: ['deutsche-bank.de', 'db.com'], keywords: ['deutsche bank'], lookalikeLabels: ['deutsche-bank', 'deutschebank'] },
  { name: 'Postbank', parent: 'Deutsche Bank', domains: ['postbank.de'], keywords: ['postbank'] },
  { name: 'Norisbank', parent: 'Deutsche Bank', domains: ['norisbank.de'], keywords: ['norisbank'] },
  { name: 'Commerzbank', domains: ['commerzbank.de', 'commerzbank.com'], keywords: ['commerzbank'] },
  { name: 'comdirect', parent: 'Commerzbank', domains: ['comdirect.de'], keywords: ['comdirect'] },
  { name: 'Sparkasse', domains: ['sparkasse.de', 'sparkasse.at', 'dsgv.de'], keywords: ['sparkasse', 'sparkassen'], members: { prefixes: ['sparkasse-', 'kreissparkasse-', 'stadtsparkasse-', 'ksk-'], suffixes: ['de', 'at'] } },
  { name: 'Volksbank', domains: ['vr.de', 'volksbank.de', 'volksbank.at', 'dzbank.de', 'vrbank.de'], keywords: ['volksbank', 'raiffeisenbank', 'volksbanken', 'vr bank'], members: { prefixes: ['volksbank-', 'vr-', 'vrbank-', 'vb-', 'raiffeisenbank-', 'raiba-', 'rb-', 'voba-'], suffixes: ['de', 'at'] } },
  { name: 'DKB', domains: ['dkb.de'], keywords: ['deutsche kreditbank'], exactKeywords: ['DKB'] },
  { name: 'UniCredit', domains: ['unicredit.it', 'unicreditgroup.eu', 'unicredit.de'], keywords: ['unicredit'] },
  { name: 'HypoVereinsbank', parent: 'UniCredit', domains: ['hypovereinsbank.de', 'hvb.de'], keywords: ['hypovereinsbank'] },
  { name: 'Bank Austria', parent: 'UniCredit', domains: ['bankaustria.at'], keywords: ['bank austria'] },
  { name: 'Targobank', domains: ['targobank.de'], keywords: ['targobank'] },
  { name: 'Consorsbank', parent: 'BNP Paribas', domains: ['consorsbank.de'], keywords: ['consorsbank'] },
  { name: 'BAWAG', domains: ['bawag.at'], keywords: ['bawag', 'bawag psk'] },
  { name: 'ING', domains: ['ing.com', 'ing.fr', 'ing.de', 'ing.nl', 'ing.es', 'ing.it', 'ing.be', 'ing.com.au', 'ing.pl', 'ing.ro'], keywords: ['ing bank', 'ing diba', 'ing direct'], exactKeywords: ['ING'] },
  { name: 'N26', domains: ['n26.com'], keywords: ['n26'] },
  { name: 'Revolut', domains: ['revolut.com'], keywords: ['revolut'] },
  { name: 'bunq', domains: ['bunq.com'], keywords: ['bunq'] },
  { name: 'Trade Republic', domains: ['traderepublic.com'], keywords: ['trade republic'] },
  { name: 'Rabobank', domains: ['rabobank.nl', 'rabobank.com'], keywords: ['rabobank'] },
  { name: 'ABN AMRO', domains: ['abnamro.nl', 'abnamro.com'], keywords: ['abn amro', 'abnamro'] },
  { name: 'SNS Bank', domains: ['snsbank.nl'], keywords: ['sns bank'] },
  { name: 'ASN Bank', domains: ['asnbank.nl'], keywords: ['asn bank'] },
  { name: 'RegioBank', domains: ['regiobank.nl'], keywords: ['regiobank'] },
  { name: 'Triodos Bank', domains: ['triodos.nl', 'triodos.com'], keywords: ['triodos'] },
  { name: 'Knab', domains: ['knab.nl'], keywords: ['knab bank'], exactKeywords: ['Knab'] },
  { name: 'ICS (International Card Services)', domains: ['icscards.nl'], keywords: ['international card services', 'icscards'] },
]);
