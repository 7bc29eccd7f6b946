import { inSector } from './brand-types.js';

/*
 * Banks, card issuers and brokers of the United States and Canada. Rules: see brands-tech.ts.
 * Bank names made of ordinary words ("Ally", "Regions", "Fifth Third") are claimed only by the
 * multi-word phrase, and their domain labels are not look-alike targets.
 */

export const BANKS_NA = inSector('bank', [
  { name: 'Chase', domains: ['chase.com', 'jpmorgan.com', 'jpmorganchase.com'], keywords: ['jpmorgan chase', 'chase bank', 'chase online', 'chase sapphire'], exactKeywords: ['CHASE'] },
  { name: 'Bank of America', domains: ['bankofamerica.com', 'bofa.com', 'ml.com', 'merrilledge.com'], keywords: ['bank of america', 'bankofamerica', 'merrill edge'] },
  { name: 'Wells Fargo', domains: ['wellsfargo.com', 'wf.com'], keywords: ['wells fargo', 'wellsfargo'] },
  { name: 'Citibank', domains: ['citi.com', 'citibank.com', 'citigroup.com', 'citicards.com', 'citibank.co.uk'], keywords: ['citibank', 'citigroup', 'citi cards'], exactKeywords: ['Citi'] },
  { name: 'Capital One', domains: ['capitalone.com', 'capitalone.co.uk', 'capitalone.ca'], keywords: ['capital one', 'capitalone'] },
  { name: 'U.S. Bank', domains: ['usbank.com'], keywords: ['u s bank', 'usbank', 'us bancorp'] },
  { name: 'PNC', domains: ['pnc.com'], keywords: ['pnc bank'], exactKeywords: ['PNC'] },
  { name: 'Truist', domains: ['truist.com'], keywords: ['truist'] },
  { name: 'TD Bank', domains: ['td.com', 'tdbank.com'], keywords: ['td bank', 'td canada trust', 'td ameritrade'] },
  { name: 'Ally', domains: ['ally.com'], keywords: ['ally bank', 'ally financial'], lookalikeLabels: [] },
  { name: 'Navy Federal', domains: ['navyfederal.org'], keywords: ['navy federal'] },
  { name: 'USAA', domains: ['usaa.com'], keywords: ['usaa'] },
  { name: 'Charles Schwab', domains: ['schwab.com'], keywords: ['schwab', 'charles schwab'] },
  { name: 'Fidelity', domains: ['fidelity.com'], keywords: ['fidelity investments'], exactKeywords: ['Fidelity'] },
  { name: 'Vanguard', domains: ['vanguard.com'], keywords: ['vanguard investments'], exactKeywords: ['Vanguard'], lookalikeLabels: [] },
  { name: 'Synchrony', domains: ['synchrony.com', 'mysynchrony.com'], keywords: ['synchrony bank', 'synchrony'] },
  { name: 'Regions Bank', domains: ['regions.com'], keywords: ['regions bank'], lookalikeLabels: [] },
  { name: 'KeyBank', domains: ['key.com', 'keybank.com'], keywords: ['keybank'] },
  { name: 'Citizens Bank', domains: ['citizensbank.com'], keywords: ['citizens bank'] },
  { name: 'Fifth Third', domains: ['53.com'], keywords: ['fifth third'], lookalikeLabels: [] },
  { name: 'Huntington', domains: ['huntington.com'], keywords: ['huntington bank'], lookalikeLabels: [] },
  { name: 'M&T Bank', domains: ['mtb.com'], keywords: ['m t bank'], lookalikeLabels: [] },
  { name: 'SoFi', domains: ['sofi.com'], keywords: ['sofi'] },
  { name: 'Chime', domains: ['chime.com'], keywords: ['chime bank'], exactKeywords: ['Chime'], lookalikeLabels: [] },
  { name: 'Marcus by Goldman Sachs', domains: ['marcus.com'], keywords: ['marcus by goldman sachs'], lookalikeLabels: [] },
  { name: 'Robinhood', domains: ['robinhood.com'], keywords: ['robinhood'] },
  { name: 'RBC Royal Bank', domains: ['rbc.com', 'rbcroyalbank.com'], keywords: ['royal bank of canada', 'rbc royal bank'], exactKeywords: ['RBC'] },
  { name: 'Scotiabank', domains: ['scotiabank.com'], keywords: ['scotiabank'] },
  { name: 'BMO', domains: ['bmo.com'], keywords: ['bmo', 'bank of montreal'] },
  { name: 'CIBC', domains: ['cibc.com'], keywords: ['cibc'] },
  { name: 'Desjardins', domains: ['desjardins.com'], keywords: ['desjardins'] },
  { name: 'National Bank of Canada', domains: ['nbc.ca', 'bnc.ca'], keywords: ['national bank of canada', 'banque nationale du canada'] },
  { name: 'Tangerine', domains: ['tangerine.ca'], keywords: ['tangerine bank'], exactKeywords: ['Tangerine'], lookalikeLabels: [] },
  { name: 'Simplii Financial', domains: ['simplii.com'], keywords: ['simplii'] },
]);
