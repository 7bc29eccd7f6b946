import { inSector } from './brand-types.js';

/*
 * Tax, social-security, employment, health-insurance, fines and identity services of France, Germany,
 * Austria, Switzerland, Belgium, Luxembourg, the Netherlands, Spain, Italy and Portugal. Rules: see
 * brands-tech.ts.
 *
 * How public bodies under a shared suffix are listed (so that ownership stays precise):
 * - Under a public suffix (gouv.fr, gob.es, gov.it, gv.at, gov.pt, and gov.uk, gov.au, gc.ca, gov.br
 *   in brands-government-world.ts) each body's domain is registrable by itself (impots.gouv.fr,
 *   agenciatributaria.gob.es): it is listed as is and covers its subdomains. A public suffix itself
 *   (gouv.fr) is never listed: it would hand every body's domain to one brand.
 * - Where several bodies share one registrable domain (admin.ch, belgium.be, fgov.be,
 *   finances.gouv.fr, italia.it, fazenda.gov.br), the body's own host is listed instead
 *   (estv.admin.ch, minfin.fgov.be) and the shared domain is in SHARED_PARENT_DOMAINS below; it is
 *   never a brand domain itself. Ownership matches that host and its subdomains only.
 */

/**
 * Registrable domains (per tldts) shared by several organisations: brands list hosts under them, never
 * them. Mostly government portals; com.be is a commercial second level outside the public-suffix list
 * (Amazon's Belgian store is amazon.com.be).
 */
export const SHARED_PARENT_DOMAINS: ReadonlySet<string> = new Set(['admin.ch', 'belgium.be', 'fgov.be', 'finances.gouv.fr', 'italia.it', 'fazenda.gov.br', 'bund.de', 'com.be', 'redsara.es']);

export const GOVERNMENT_EU_BRANDS = inSector('government', [
  {
    name: 'Impots.gouv (DGFiP)',
    domains: ['impots.gouv.fr', 'dgfip.finances.gouv.fr'],
    keywords: ['impots gouv', 'dgfip', 'direction generale des finances publiques', 'tresor public', 'finances publiques'],
    lookalikeLabels: ['impots', 'impots-gouv', 'dgfip'],
  },
  { name: 'Ameli (Assurance Maladie)', domains: ['ameli.fr', 'assurance-maladie.fr'], keywords: ['ameli', 'assurance maladie', 'carte vitale'] },
  { name: 'CAF', domains: ['caf.fr'], keywords: ['caisse d allocations familiales', 'allocations familiales'], exactKeywords: ['CAF'] },
  { name: 'ANTAI', domains: ['antai.gouv.fr', 'amendes.gouv.fr'], keywords: ['antai', 'amendes gouv', 'avis de contravention'], lookalikeLabels: ['antai', 'amendes'] },
  { name: 'ANTS', domains: ['ants.gouv.fr'], keywords: ['agence nationale des titres securises'], exactKeywords: ['ANTS'] },
  { name: 'France Travail', domains: ['francetravail.fr', 'francetravail.org', 'pole-emploi.fr'], keywords: ['france travail', 'pole emploi'] },
  { name: 'Service-Public.fr', domains: ['service-public.fr', 'service-public.gouv.fr'], keywords: ['service public fr', 'service public gouv'], lookalikeLabels: ['service-public'] },
  { name: 'FranceConnect', domains: ['franceconnect.gouv.fr'], keywords: ['franceconnect', 'france connect'], scheme: true },
  { name: 'URSSAF', domains: ['urssaf.fr'], keywords: ['urssaf'] },
  { name: "L'Assurance retraite", domains: ['lassuranceretraite.fr', 'info-retraite.fr'], keywords: ['assurance retraite', 'info retraite'] },
  { name: 'MSA', domains: ['msa.fr'], keywords: ['mutualite sociale agricole'], exactKeywords: ['MSA'] },
  { name: 'Mon Compte Formation (CPF)', domains: ['moncompteformation.gouv.fr'], keywords: ['mon compte formation', 'moncompteformation', 'compte personnel de formation'] },
  { name: "Crit'Air", domains: ['certificat-air.gouv.fr'], keywords: ['crit air', 'certificat qualite de l air'] },
  { name: 'Douane française', domains: ['douane.gouv.fr'], keywords: ['douane francaise', 'douanes francaises', 'direction generale des douanes'], lookalikeLabels: [] },
  { name: "MaPrimeRénov'", domains: ['maprimerenov.gouv.fr'], keywords: ['maprimerenov', 'ma prime renov'] },
  { name: 'ELSTER / Finanzamt', domains: ['elster.de'], keywords: ['elster online', 'mein elster', 'elsteronline', 'finanzamt'], exactKeywords: ['ELSTER'], lookalikeLabels: ['elster'] },
  { name: 'Bundeszentralamt für Steuern', domains: ['bzst.de'], keywords: ['bundeszentralamt fur steuern', 'bundeszentralamt fuer steuern'], exactKeywords: ['BZSt'] },
  { name: 'Bundesagentur für Arbeit', domains: ['arbeitsagentur.de'], keywords: ['bundesagentur fur arbeit', 'bundesagentur fuer arbeit', 'arbeitsagentur'] },
  { name: 'Deutsche Rentenversicherung', domains: ['deutsche-rentenversicherung.de'], keywords: ['deutsche rentenversicherung'] },
  { name: 'ARD ZDF Beitragsservice', domains: ['rundfunkbeitrag.de'], keywords: ['rundfunkbeitrag', 'beitragsservice'] },
  { name: 'FinanzOnline (BMF Österreich)', domains: ['bmf.gv.at'], keywords: ['finanzonline', 'bundesministerium fur finanzen', 'bundesministerium fuer finanzen'] },
  { name: 'oesterreich.gv.at / ID Austria', domains: ['oesterreich.gv.at'], keywords: ['oesterreich gv at', 'id austria'], lookalikeLabels: [] },
  { name: 'ESTV / Swiss tax', domains: ['estv.admin.ch'], keywords: ['administration federale des contributions', 'eidgenossische steuerverwaltung', 'eidgenoessische steuerverwaltung'], exactKeywords: ['ESTV'], lookalikeLabels: [] },
  { name: 'BAZG / Swiss customs', domains: ['bazg.admin.ch'], keywords: ['bazg', 'bundesamt fur zoll und grenzsicherheit', 'office federal de la douane'], lookalikeLabels: [] },
  { name: 'SPF Finances / MyMinfin', domains: ['finances.belgium.be', 'minfin.fgov.be', 'myminfin.be'], keywords: ['spf finances', 'myminfin', 'fod financien'], lookalikeLabels: ['myminfin'] },
  { name: 'itsme', domains: ['itsme-id.com'], keywords: ['itsme'], lookalikeLabels: ['itsme-id'] },
  { name: 'Guichet.lu', domains: ['guichet.lu'], keywords: ['guichet lu', 'myguichet'], lookalikeLabels: [] },
  // The national bodies of the Netherlands post their letters to the citizen's Berichtenbox on MijnOverheid and
  // their notices link there: the national government is their parent (delegates.ts), as GOV.UK is the UK's.
  { name: 'Belastingdienst', parent: 'MijnOverheid / Rijksoverheid', domains: ['belastingdienst.nl'], keywords: ['belastingdienst'] },
  { name: 'Dienst Toeslagen', parent: 'Belastingdienst', domains: ['toeslagen.nl'], keywords: ['dienst toeslagen'], lookalikeLabels: ['toeslagen'] },
  { name: 'DigiD', domains: ['digid.nl'], keywords: ['digid'], scheme: true },
  { name: 'MijnOverheid / Rijksoverheid', domains: ['mijnoverheid.nl', 'rijksoverheid.nl', 'overheid.nl'], keywords: ['mijnoverheid', 'mijn overheid', 'rijksoverheid'], lookalikeLabels: ['mijnoverheid', 'rijksoverheid'] },
  { name: 'DUO', parent: 'MijnOverheid / Rijksoverheid', domains: ['duo.nl'], keywords: ['dienst uitvoering onderwijs'], exactKeywords: ['DUO'] },
  { name: 'UWV', parent: 'MijnOverheid / Rijksoverheid', domains: ['uwv.nl'], keywords: ['uwv'] },
  { name: 'SVB', parent: 'MijnOverheid / Rijksoverheid', domains: ['svb.nl'], keywords: ['sociale verzekeringsbank'] },
  { name: 'CJIB', parent: 'MijnOverheid / Rijksoverheid', domains: ['cjib.nl'], keywords: ['cjib', 'centraal justitieel incassobureau'] },
  { name: 'RDW', parent: 'MijnOverheid / Rijksoverheid', domains: ['rdw.nl'], keywords: ['rijksdienst voor het wegverkeer'], exactKeywords: ['RDW'] },
  { name: 'Agencia Tributaria', domains: ['agenciatributaria.gob.es', 'agenciatributaria.es', 'aeat.es'], keywords: ['agencia tributaria', 'agencia estatal de administracion tributaria'], exactKeywords: ['Hacienda'], lookalikeLabels: ['agenciatributaria'] },
  { name: 'Seguridad Social', domains: ['seg-social.es'], keywords: ['seguridad social', 'tesoreria general de la seguridad social'], lookalikeLabels: ['seg-social'] },
  { name: 'SEPE', domains: ['sepe.es'], keywords: ['servicio publico de empleo estatal'], exactKeywords: ['SEPE'] },
  // The Spanish state's electronic notification service (Dirección Electrónica Habilitada única), on the
  // administration's shared network redsara.es: AEAT, DGT and Seguridad Social notices send you there, and
  // lures imitate it ("tiene una notificación pendiente en DEHú"). It notifies for every public body
  // (delegates.ts SENDS_FOR_SECTOR).
  { name: 'DEHú', domains: ['dehu.redsara.es'], keywords: ['dehu', 'direccion electronica habilitada unica'], lookalikeLabels: ['dehu'] },
  { name: 'DGT', domains: ['dgt.es'], keywords: ['direccion general de trafico'], exactKeywords: ['DGT'] },
  { name: 'Agenzia delle Entrate', domains: ['agenziaentrate.gov.it', 'agenziaentrate.it'], keywords: ['agenzia delle entrate', 'agenzia entrate'] },
  { name: 'INPS', domains: ['inps.it'], keywords: ['inps'] },
  { name: 'INAIL', domains: ['inail.it'], keywords: ['inail'] },
  { name: 'PagoPA', domains: ['pagopa.gov.it', 'pagopa.it'], keywords: ['pagopa'], scheme: true },
  { name: 'SPID', domains: ['spid.gov.it'], keywords: ['spid', 'identita digitale spid'], scheme: true },
  { name: 'App IO', domains: ['io.italia.it'], keywords: ['app io'], lookalikeLabels: [] },
  { name: 'ACI', domains: ['aci.it'], keywords: ['automobile club d italia'], exactKeywords: ['ACI'] },
  { name: 'Agenzia delle Dogane e dei Monopoli', domains: ['adm.gov.it'], keywords: ['agenzia delle dogane'] },
  { name: 'Portal das Finanças', domains: ['portaldasfinancas.gov.pt', 'at.gov.pt'], keywords: ['portal das financas', 'autoridade tributaria'] },
  { name: 'Segurança Social', domains: ['seg-social.pt'], keywords: ['seguranca social'] },
  { name: 'Autenticação.gov', domains: ['autenticacao.gov.pt', 'eportugal.gov.pt'], keywords: ['autenticacao gov', 'chave movel digital', 'eportugal'], scheme: true },
  { name: 'SNS (Portugal)', domains: ['sns.gov.pt', 'sns24.gov.pt'], keywords: ['servico nacional de saude', 'sns 24'] },
]);
