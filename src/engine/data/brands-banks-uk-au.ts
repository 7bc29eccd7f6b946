import { inSector } from './brand-types.js';

/** Banks and building societies of the United Kingdom, Ireland and Australia. Rules: see brands-tech.ts. */

export const BANKS_UK_AU = inSector('bank', [
  { name: 'HSBC', domains: ['hsbc', 'hsbc.com', 'hsbc.co.uk', 'hsbc.fr', 'hsbc.de', 'hsbcnet.com'], keywords: ['hsbc'] },
  { name: 'First Direct', parent: 'HSBC', domains: ['firstdirect.com'], keywords: ['first direct bank'], lookalikeLabels: ['firstdirect'] },
  { name: 'Barclays', domains: ['barclays.com', 'barclays.co.uk', 'barclays', 'barclaycard.co.uk', 'barclaycardus.com'], keywords: ['barclays', 'barclaycard'] },
  { name: 'Lloyds Bank', domains: ['lloydsbank.com', 'lloydsbank.co.uk', 'lloydsbankinggroup.com'], keywords: ['lloyds bank', 'lloyds banking', 'lloyds'] },
  { name: 'Halifax', parent: 'Lloyds Bank', domains: ['halifax.co.uk', 'halifax-online.co.uk'], keywords: ['halifax bank', 'halifax online'], exactKeywords: ['Halifax'] },
  { name: 'Bank of Scotland', parent: 'Lloyds Bank', domains: ['bankofscotland.co.uk'], keywords: ['bank of scotland'] },
  { name: 'NatWest', domains: ['natwest.com', 'rbs.co.uk', 'rbs.com', 'natwestgroup.com'], keywords: ['natwest', 'royal bank of scotland'] },
  {
    name: 'Santander',
    domains: ['santander.com', 'santander.co.uk', 'santander.es', 'santander.de', 'santander.pt', 'santander.com.br', 'bancosantander.es', 'gruposantander.es', 'santanderbank.com'],
    keywords: ['santander', 'banco santander'],
  },
  { name: 'Nationwide Building Society', domains: ['nationwide.co.uk'], keywords: ['nationwide building society'], lookalikeLabels: [] },
  { name: 'TSB', domains: ['tsb.co.uk'], keywords: ['tsb bank'], exactKeywords: ['TSB'] },
  { name: 'Monzo', domains: ['monzo.com'], keywords: ['monzo'] },
  { name: 'Starling Bank', domains: ['starlingbank.com'], keywords: ['starling bank'] },
  { name: 'Metro Bank', domains: ['metrobankonline.co.uk'], keywords: ['metro bank'] },
  { name: 'Virgin Money', domains: ['virginmoney.com'], keywords: ['virgin money'] },
  { name: 'Co-operative Bank', domains: ['co-operativebank.co.uk'], keywords: ['co operative bank'], lookalikeLabels: ['co-operativebank'] },
  { name: 'Tesco Bank', domains: ['tescobank.com'], keywords: ['tesco bank'] },
  { name: 'AIB', domains: ['aib.ie'], keywords: ['allied irish banks', 'allied irish bank'], exactKeywords: ['AIB'] },
  { name: 'Bank of Ireland', domains: ['bankofireland.com'], keywords: ['bank of ireland'] },
  { name: 'PTSB', domains: ['ptsb.ie'], keywords: ['ptsb', 'permanent tsb'] },
  { name: 'Commonwealth Bank', domains: ['commbank.com.au'], keywords: ['commonwealth bank', 'commbank', 'netbank'] },
  { name: 'Westpac', domains: ['westpac.com.au'], keywords: ['westpac'] },
  { name: 'St.George Bank', parent: 'Westpac', domains: ['stgeorge.com.au'], keywords: ['st george bank'], lookalikeLabels: ['stgeorge'] },
  { name: 'ANZ', domains: ['anz.com', 'anz.com.au'], keywords: ['anz bank', 'anz internet banking'], exactKeywords: ['ANZ'] },
  { name: 'NAB', domains: ['nab.com.au'], keywords: ['national australia bank'], exactKeywords: ['NAB'] },
  { name: 'Macquarie Bank', domains: ['macquarie.com', 'macquarie.com.au'], keywords: ['macquarie bank'] },
  { name: 'Bendigo Bank', domains: ['bendigobank.com.au'], keywords: ['bendigo bank'] },
]);
