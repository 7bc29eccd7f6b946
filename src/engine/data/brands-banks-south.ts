import { inSector } from './brand-types.js';

/**
 * Banks and card issuers of Spain, Italy, Portugal and Brazil. Rules: see brands-tech.ts. Caixa
 * Econômica Federal is a public bank under gov.br: caixa.gov.br is its own registrable domain.
 */

export const BANKS_SOUTH = inSector('bank', [
  { name: 'BBVA', domains: ['bbva.com', 'bbva.es', 'bbva.it', 'bbva.mx', 'bancomer.com', 'bancomer.com.mx', 'bbvabancomer.com', 'bbva.com.co', 'bbva.pe', 'bbva.com.ar', 'bbva.com.uy', 'garantibbva.com.tr'], keywords: ['bbva', 'bancomer', 'bbva bancomer', 'garanti bbva'] },
  { name: 'CaixaBank', domains: ['caixabank.es', 'caixabank.com', 'lacaixa.es'], keywords: ['caixabank', 'la caixa'] },
  { name: 'Bankinter', domains: ['bankinter.com', 'bankinter.es'], keywords: ['bankinter'] },
  { name: 'Banco Sabadell', domains: ['bancsabadell.com', 'sabadell.com'], keywords: ['banco sabadell', 'bancsabadell'], exactKeywords: ['Sabadell'] },
  { name: 'Unicaja', domains: ['unicajabanco.es'], keywords: ['unicaja'] },
  { name: 'Kutxabank', domains: ['kutxabank.es'], keywords: ['kutxabank'] },
  { name: 'Ibercaja', domains: ['ibercaja.es'], keywords: ['ibercaja'] },
  { name: 'Abanca', domains: ['abanca.com'], keywords: ['abanca'] },
  { name: 'Openbank', parent: 'Santander', domains: ['openbank.es'], keywords: ['openbank'] },
  { name: 'Cajamar', domains: ['cajamar.es'], keywords: ['cajamar'] },
  { name: 'EVO Banco', domains: ['evobanco.com'], keywords: ['evo banco'] },
  { name: 'Caja Rural', domains: ['ruralvia.com', 'cajarural.com'], members: { prefixes: ['cajarural', 'caixarural'], suffixes: ['com', 'es'] }, keywords: ['caja rural', 'ruralvia'] },
  { name: 'Intesa Sanpaolo', domains: ['intesasanpaolo.com', 'intesasanpaolo.it'], keywords: ['intesa sanpaolo', 'intesasanpaolo'] },
  { name: 'BPER Banca', domains: ['bper.it'], keywords: ['bper', 'bper banca'] },
  { name: 'Banco BPM', domains: ['bancobpm.it'], keywords: ['banco bpm'] },
  { name: 'Monte dei Paschi di Siena', domains: ['mps.it'], keywords: ['monte dei paschi', 'banca mps'], exactKeywords: ['MPS'] },
  { name: 'FinecoBank', domains: ['finecobank.com'], keywords: ['fineco', 'finecobank'] },
  { name: 'BNL', parent: 'BNP Paribas', domains: ['bnl.it'], keywords: ['bnl', 'banca nazionale del lavoro'] },
  { name: 'Banca Mediolanum', domains: ['bancamediolanum.it'], keywords: ['mediolanum'] },
  { name: 'Banca Sella', domains: ['sella.it'], keywords: ['banca sella'], lookalikeLabels: [] },
  { name: 'Nexi', domains: ['nexi.it'], keywords: ['nexi', 'cartasi'] },
  { name: 'Caixa Geral de Depósitos', domains: ['cgd.pt'], keywords: ['caixa geral de depositos', 'caixa geral', 'caixadirecta'], exactKeywords: ['CGD'] },
  { name: 'Millennium bcp', domains: ['millenniumbcp.pt'], keywords: ['millennium bcp', 'millenniumbcp'] },
  { name: 'Novo Banco', domains: ['novobanco.pt'], keywords: ['novo banco', 'novobanco'] },
  { name: 'BPI', domains: ['bancobpi.pt'], keywords: ['banco bpi'], exactKeywords: ['BPI'] },
  { name: 'Crédito Agrícola', domains: ['creditoagricola.pt'], keywords: ['credito agricola'] },
  { name: 'ActivoBank', domains: ['activobank.pt'], keywords: ['activobank'] },
  { name: 'Itaú', domains: ['itau.com.br', 'itau-unibanco.com.br'], keywords: ['itau', 'itau unibanco', 'itaucard'] },
  { name: 'Bradesco', domains: ['bradesco.com.br', 'banco.bradesco'], keywords: ['bradesco'] },
  { name: 'Banco do Brasil', domains: ['bb.com.br'], keywords: ['banco do brasil', 'ourocard'] },
  { name: 'Livelo', domains: ['livelo.com.br'], keywords: ['livelo'] },
  { name: 'Caixa Econômica Federal', domains: ['caixa.gov.br'], keywords: ['caixa economica', 'caixa economica federal'] },
  { name: 'Nubank', domains: ['nubank.com.br'], keywords: ['nubank'] },
  { name: 'Banco Inter', domains: ['bancointer.com.br'], keywords: ['banco inter'] },
  { name: 'C6 Bank', domains: ['c6bank.com.br'], keywords: ['c6 bank'] },
  { name: 'Sicoob', domains: ['sicoob.com.br'], keywords: ['sicoob'] },
  { name: 'Sicredi', domains: ['sicredi.com.br'], keywords: ['sicredi'] },
  { name: 'Serasa', domains: ['serasa.com.br'], keywords: ['serasa', 'serasa experian'] },
]);
