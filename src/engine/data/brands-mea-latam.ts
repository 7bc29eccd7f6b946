import { inSector } from './brand-types.js';

/*
 * South Africa, Nigeria, Kenya, the Gulf, Mexico, Colombia, Argentina, Chile and Peru: banks, wallets,
 * posts and tax offices phishers imitate there. Rules: see brands-tech.ts. Names another country's
 * body shares ("SAT", "SARS", "BCP", "FNB") are phrases only, or left out.
 */

export const MEA_LATAM_BANKS = inSector('bank', [
  { name: 'Absa', domains: ['absa.co.za'], keywords: ['absa', 'absa bank'] },
  { name: 'Standard Bank', domains: ['standardbank.co.za', 'standardbank.com'], keywords: ['standardbank', 'standard bank group', 'standard bank south africa'] },
  { name: 'Capitec', domains: ['capitecbank.co.za'], keywords: ['capitec', 'capitec bank'] },
  { name: 'Nedbank', domains: ['nedbank.co.za'], keywords: ['nedbank'] },
  { name: 'GTBank', domains: ['gtbank.com'], keywords: ['gtbank', 'guaranty trust bank'] },
  { name: 'Zenith Bank', domains: ['zenithbank.com'], keywords: ['zenith bank'] },
  { name: 'Emirates NBD', domains: ['emiratesnbd.com'], keywords: ['emirates nbd'] },
  { name: 'First Abu Dhabi Bank', domains: ['bankfab.com'], keywords: ['first abu dhabi bank'] },
  { name: 'Al Rajhi Bank', domains: ['alrajhibank.com.sa'], keywords: ['al rajhi bank', 'alrajhi bank'] },
  { name: 'Banorte', domains: ['banorte.com'], keywords: ['banorte'] },
  { name: 'Bancolombia', domains: ['bancolombia.com', 'grupobancolombia.com'], keywords: ['bancolombia'] },
  { name: 'Davivienda', domains: ['davivienda.com'], keywords: ['davivienda'] },
  { name: 'Banco de la Nación Argentina', domains: ['bna.com.ar'], keywords: ['banco de la nacion argentina', 'banco nacion'] },
  { name: 'Banco de Chile', domains: ['bancochile.cl'], keywords: ['banco de chile'] },
  { name: 'BancoEstado', domains: ['bancoestado.cl'], keywords: ['bancoestado', 'banco estado'] },
  { name: 'BCP (Banco de Crédito del Perú)', domains: ['viabcp.com'], keywords: ['banco de credito del peru', 'viabcp'] },
]);

export const MEA_LATAM_OTHER = [
  ...inSector('telecom', [{ name: 'Safaricom / M-PESA', domains: ['safaricom.co.ke'], keywords: ['safaricom', 'm pesa', 'mpesa'] }]),
  ...inSector('carrier', [{ name: 'Correo Argentino', domains: ['correoargentino.com.ar'], keywords: ['correo argentino'] }]),
  ...inSector('government', [
    { name: 'SARS (South Africa)', domains: ['sars.gov.za'], keywords: ['south african revenue service', 'sars efiling'], lookalikeLabels: [] },
    { name: 'Absher', domains: ['absher.sa'], keywords: ['absher'] },
    { name: 'SAT (Mexico)', domains: ['sat.gob.mx'], keywords: ['servicio de administracion tributaria'], lookalikeLabels: [] },
    { name: 'DIAN', domains: ['dian.gov.co'], keywords: ['direccion de impuestos y aduanas nacionales'], exactKeywords: ['DIAN'], lookalikeLabels: [] },
    { name: 'AFIP / ARCA', domains: ['afip.gob.ar', 'arca.gob.ar'], keywords: ['afip', 'agencia de recaudacion y control aduanero'], lookalikeLabels: [] },
    { name: 'SII (Chile)', domains: ['sii.cl'], keywords: ['servicio de impuestos internos'], lookalikeLabels: [] },
    { name: 'SUNAT', domains: ['sunat.gob.pe'], keywords: ['sunat'] },
  ]),
];
