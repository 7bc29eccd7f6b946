import { inSector } from './brand-types.js';

/*
 * Tax, benefits, health and identity services of the United Kingdom, Ireland, the United States,
 * Canada, Australia, New Zealand and Brazil. How bodies under a shared suffix are listed: see
 * brands-government-eu.ts. GOV.UK Notify (notifications.service.gov.uk) sends for every UK department,
 * so it belongs to GOV.UK, and the departments name GOV.UK as their parent. GovDelivery (Granicus,
 * service.govdelivery.com) sends the bulletins of US federal, state and local bodies and only public bodies
 * use it: it sends for every government brand (delegates.ts, SENDS_FOR_SECTOR).
 */

export const GOVERNMENT_WORLD_BRANDS = inSector('government', [
  { name: 'GOV.UK', domains: ['www.gov.uk', 'notifications.service.gov.uk', 'account.gov.uk'], keywords: ['gov uk', 'govuk', 'gov uk one login'], lookalikeLabels: [] },
  { name: 'HMRC', parent: 'GOV.UK', domains: ['hmrc.gov.uk', 'tax.service.gov.uk'], keywords: ['hmrc', 'hm revenue', 'hm revenue and customs'], lookalikeLabels: ['hmrc'] },
  { name: 'DVLA', parent: 'GOV.UK', domains: ['dvla.gov.uk'], keywords: ['dvla', 'driver and vehicle licensing agency'] },
  { name: 'DWP', parent: 'GOV.UK', domains: ['dwp.gov.uk'], keywords: ['department for work and pensions'], exactKeywords: ['DWP'] },
  { name: 'Companies House', parent: 'GOV.UK', domains: ['companieshouse.gov.uk'], keywords: ['companies house'] },
  { name: 'NHS', domains: ['www.nhs.uk', 'nhs.net'], keywords: ['national health service', 'nhs app', 'nhs login'], lookalikeLabels: [] },
  { name: 'Student Loans Company', domains: ['slc.co.uk'], keywords: ['student loans company', 'student finance england'] },
  { name: 'Revenue (Ireland)', domains: ['revenue.ie', 'ros.ie'], keywords: ['revenue commissioners', 'irish tax and customs'], lookalikeLabels: [] },
  { name: 'gov.ie / MyGovID', domains: ['www.gov.ie', 'mygovid.ie'], keywords: ['mygovid', 'gov ie'], lookalikeLabels: ['mygovid'] },
  { name: 'GovDelivery', domains: ['govdelivery.com'], keywords: ['govdelivery', 'granicus'], lookalikeLabels: [] },
  { name: 'IRS', domains: ['irs.gov'], keywords: ['internal revenue service'], exactKeywords: ['IRS'] },
  { name: 'Social Security Administration', domains: ['ssa.gov'], keywords: ['social security administration'], exactKeywords: ['SSA'] },
  { name: 'Login.gov', domains: ['login.gov'], keywords: ['login gov'], lookalikeLabels: [] },
  { name: 'Medicare (US)', domains: ['medicare.gov'], keywords: ['medicare gov', 'centers for medicare'], lookalikeLabels: [] },
  { name: 'FBI / IC3', domains: ['fbi.gov', 'ic3.gov'], keywords: ['federal bureau of investigation', 'internet crime complaint center'] },
  { name: 'Canada Revenue Agency', domains: ['canada.ca', 'cra-arc.gc.ca'], keywords: ['canada revenue agency', 'agence du revenu du canada', 'service canada', 'my service canada account'], exactKeywords: ['CRA'], lookalikeLabels: ['cra-arc'] },
  { name: 'ATO', domains: ['ato.gov.au'], keywords: ['australian taxation office'], exactKeywords: ['ATO'] },
  { name: 'myGov / Services Australia', domains: ['my.gov.au', 'servicesaustralia.gov.au'], keywords: ['mygov', 'services australia', 'centrelink', 'medicare australia'], lookalikeLabels: ['mygov', 'servicesaustralia'] },
  { name: 'Inland Revenue (NZ)', domains: ['ird.govt.nz'], keywords: ['inland revenue', 'myir'] },
  { name: 'Receita Federal', domains: ['receita.fazenda.gov.br'], keywords: ['receita federal', 'ministerio da fazenda', 'simples nacional', 'pgmei'], lookalikeLabels: [] },
  { name: 'gov.br', domains: ['www.gov.br', 'acesso.gov.br'], keywords: ['gov br', 'conta gov br'], lookalikeLabels: [] },
  { name: 'INSS', domains: ['inss.gov.br'], keywords: ['inss', 'meu inss'] },
  { name: 'DETRAN', domains: ['detran.sp.gov.br', 'detran.rj.gov.br', 'detran.mg.gov.br', 'detran.pr.gov.br', 'detran.rs.gov.br', 'detran.ba.gov.br', 'detran.sc.gov.br', 'detran.go.gov.br', 'detran.pe.gov.br', 'detran.df.gov.br'], keywords: ['detran', 'departamento estadual de transito'], lookalikeLabels: [] },
]);
