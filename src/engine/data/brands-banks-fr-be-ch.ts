import { inSector } from './brand-types.js';

/*
 * Banks and consumer-credit lenders of France, Belgium, Switzerland and Luxembourg. Regional banks of
 * the mutualist groups (Crédit Agricole, Banque Populaire, Caisse d'Epargne) mail from subdomains of
 * the group's domain, which the group's entry covers. Rules: see brands-tech.ts.
 */

export const BANKS_FR_BE_CH = inSector('bank', [
  { name: 'BNP Paribas', domains: ['bnpparibas.com', 'bnpparibas.fr', 'bnpparibas', 'hellobank.fr'], keywords: ['bnp paribas', 'bnp', 'hello bank'], lookalikeLabels: ['bnpparibas', 'hellobank'] },
  { name: 'BNP Paribas Fortis', parent: 'BNP Paribas', domains: ['bnpparibasfortis.be'], keywords: ['bnp paribas fortis'], lookalikeLabels: ['bnpparibasfortis'] },
  { name: 'Société Générale', domains: ['societegenerale.fr', 'societegenerale.com', 'sg.fr'], keywords: ['societe generale'] },
  { name: 'Crédit Agricole', domains: ['credit-agricole.fr', 'credit-agricole.com', 'credit-agricole.it', 'ca-paris.fr', 'ca-cib.com'], members: { prefixes: ['ca-'], suffixes: ['fr'] }, keywords: ['credit agricole'], lookalikeLabels: ['credit-agricole', 'creditagricole'] },
  { name: 'LCL', domains: ['lcl.fr', 'lcl.com'], keywords: ['credit lyonnais'], exactKeywords: ['LCL'] },
  { name: "Caisse d'Epargne", domains: ['caisse-epargne.fr'], keywords: ['caisse d epargne', 'caisse depargne', 'caisse epargne'], lookalikeLabels: ['caisse-epargne'] },
  { name: 'Banque Populaire', domains: ['banquepopulaire.fr'], keywords: ['banque populaire'] },
  { name: 'La Banque Postale', parent: 'La Poste / Colissimo', domains: ['labanquepostale.fr', 'labanquepostale.com'], keywords: ['banque postale', 'labanquepostale'] },
  { name: 'Crédit Mutuel', domains: ['creditmutuel.fr', 'creditmutuel.com'], keywords: ['credit mutuel'] },
  { name: 'CIC', parent: 'Crédit Mutuel', domains: ['cic.fr'], keywords: ['cic banque'], exactKeywords: ['CIC'] },
  { name: 'Boursorama', domains: ['boursorama.com', 'boursorama.fr', 'boursorama-banque.com', 'boursobank.com'], keywords: ['boursorama', 'boursobank'] },
  { name: 'Fortuneo', domains: ['fortuneo.fr'], keywords: ['fortuneo'] },
  { name: 'Monabanq', domains: ['monabanq.com'], keywords: ['monabanq'] },
  { name: 'Banque de France', domains: ['banque-france.fr'], keywords: ['banque de france'], lookalikeLabels: ['banque-france'] },
  { name: 'Cetelem', parent: 'BNP Paribas', domains: ['cetelem.fr'], keywords: ['cetelem'] },
  { name: 'Cofidis', domains: ['cofidis.fr', 'cofidis.es', 'cofidis.it', 'cofidis.be'], keywords: ['cofidis'] },
  { name: 'Sofinco', parent: 'Crédit Agricole', domains: ['sofinco.fr'], keywords: ['sofinco'] },
  { name: 'Qonto', domains: ['qonto.com'], keywords: ['qonto'] },
  { name: 'Nickel', domains: ['nickel.eu'], keywords: ['compte nickel'], lookalikeLabels: [] },
  { name: 'KBC', domains: ['kbc.be', 'kbc.com', 'cbc.be'], keywords: ['kbc bank', 'cbc banque'], exactKeywords: ['KBC'] },
  { name: 'Belfius', domains: ['belfius.be'], keywords: ['belfius'] },
  { name: 'Argenta', domains: ['argenta.be'], keywords: ['argenta'] },
  { name: 'Crelan', domains: ['crelan.be'], keywords: ['crelan'] },
  { name: 'Beobank', domains: ['beobank.be'], keywords: ['beobank'] },
  { name: 'Keytrade Bank', domains: ['keytradebank.be'], keywords: ['keytrade'] },
  { name: 'UBS', domains: ['ubs.com', 'credit-suisse.com'], keywords: ['ubs bank', 'credit suisse'], exactKeywords: ['UBS'] },
  { name: 'PostFinance', parent: 'Swiss Post', domains: ['postfinance.ch'], keywords: ['postfinance'] },
  { name: 'Raiffeisen', domains: ['raiffeisen.ch', 'raiffeisen.at'], keywords: ['raiffeisen'] },
  { name: 'Zürcher Kantonalbank', domains: ['zkb.ch'], keywords: ['zurcher kantonalbank', 'zuercher kantonalbank'], exactKeywords: ['ZKB'] },
  { name: 'BCV', domains: ['bcv.ch'], keywords: ['banque cantonale vaudoise'], exactKeywords: ['BCV'] },
  { name: 'Migros Bank', domains: ['migrosbank.ch'], keywords: ['migros bank'] },
  { name: 'Cornèr / Cornercard', domains: ['cornercard.ch'], keywords: ['cornercard', 'corner banca'] },
  { name: 'Swisscard', domains: ['swisscard.ch'], keywords: ['swisscard'] },
  { name: 'Viseca', domains: ['viseca.ch'], keywords: ['viseca', 'viseca one'] },
  { name: 'BGL BNP Paribas', parent: 'BNP Paribas', domains: ['bgl.lu'], keywords: ['bgl bnp paribas'] },
  { name: 'Spuerkeess', domains: ['spuerkeess.lu'], keywords: ['spuerkeess'] },
]);
