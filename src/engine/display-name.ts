/**
 * How much a display name's brand mention claims the brand (docs/detection.md "How a verdict is reached",
 * question 1). People and clubs share names with brands: "Marie Leclerc" <marie.leclerc@…> is a colleague,
 * not E.Leclerc; "Halifax Harriers AC" is a running club, "Orange County Library System" a library.
 */
import { registrableDomain } from '../mail/url-info.js';
import { words } from './text/words.js';

/** Points of a display-name claim (judgement.ts CLAIM_THRESHOLD is 3). */
export const DISPLAY_NAME_CLAIM = 3;
/** An organisation of another kind named after the same word counts like a mention in the text. */
const OTHER_ORGANISATION_CLAIM = 1;

/** Words that say who is really writing when a sender poses as a company's service, in any language. */
const SERVICE_WORDS = new Set([
  'support', 'service', 'services', 'team', 'billing', 'security', 'account', 'accounts', 'help', 'helpdesk', 'info', 'customer', 'customers', 'care', 'alert', 'alerts',
  'notification', 'notifications', 'noreply', 'admin', 'official', 'online', 'center', 'centre', 'desk', 'department', 'verification', 'update', 'updates', 'payment', 'payments',
  'kundenservice', 'kundendienst', 'servicio', 'atencion', 'cliente', 'clientes', 'servizio', 'clienti', 'assistance', 'assistenza', 'klantenservice', 'atendimento', 'suporte', 'rewards', 'reward', 'member', 'members', 'membership', 'prize', 'winner',
]);

/** Kinds of organisation that are not the company whose name they share: schools, clubs, libraries, parishes, councils. */
const OTHER_ORGANISATIONS = new Set([
  'school', 'escola', 'escuela', 'ecole', 'schule', 'scuola', 'college', 'lycee', 'liceo', 'colegio', 'gymnasium', 'university', 'universite', 'universidad', 'universita', 'universiteit', 'universidade',
  'library', 'bibliotheque', 'biblioteca', 'bibliotheek', 'bibliothek', 'club', 'clube', 'verein', 'association', 'asociacion', 'associacao', 'associazione', 'vereniging',
  'church', 'eglise', 'iglesia', 'chiesa', 'kerk', 'kirche', 'igreja', 'parish', 'paroisse', 'parroquia', 'parrocchia', 'council', 'county', 'mairie', 'ayuntamiento', 'comune', 'gemeente', 'gemeinde', 'municipio',
  'harriers', 'athletic', 'fc', 'choir', 'chorale', 'coro', 'koor', 'chor', 'orchestra', 'scouts', 'nursery', 'kindergarten', 'creche',
]);

/**
 * Kinds of practice named after a person or a place: dentists, doctors, lawyers, notaries, accountants,
 * architects, vets. "Orange Grove Dental", "Wise Accountancy", "Cabinet Leclerc Avocats" are not the brands
 * whose word they contain.
 */
const PRACTICES = new Set([
  'dental', 'dentist', 'dentists', 'dentistry', 'dentaire', 'zahnarzt', 'zahnarztpraxis', 'dentista', 'dentisti', 'tandarts', 'tandartsen', 'orthodontics', 'clinic', 'clinique', 'clinica', 'kliniek', 'praxis', 'medical',
  'solicitors', 'lawyers', 'attorneys', 'avocats', 'avocat', 'abogados', 'avvocati', 'advocaten', 'advogados', 'rechtsanwalte', 'rechtsanwalt', 'kanzlei', 'notaire', 'notaires', 'notaris', 'notar', 'notaio', 'notario', 'cabinet',
  'accountancy', 'accountants', 'accounting', 'comptable', 'comptables', 'steuerberater', 'steuerberatung', 'asesoria', 'gestoria', 'commercialista', 'accountantskantoor', 'contabilidade',
  'architects', 'architectes', 'architekten', 'arquitectos', 'architetti', 'architecten', 'veterinary', 'vets', 'veterinaire', 'tierarzt', 'dierenarts', 'physiotherapy', 'physio', 'opticians',
]);

/**
 * Bars, cafés, restaurants and bakeries, named after their street, a landmark or the owner: "Bar Correos"
 * by the post office is not Correos. Like a practice, counted only when the name is the sender's own domain.
 */
const VENUES = new Set([
  'bar', 'pub', 'cafe', 'cafeteria', 'restaurant', 'restaurante', 'ristorante', 'trattoria', 'osteria', 'pizzeria', 'brasserie', 'bistro', 'taberna', 'tasca', 'cerveceria', 'cervejaria',
  'kneipe', 'gasthaus', 'gasthof', 'eetcafe', 'bakery', 'boulangerie', 'panaderia', 'padaria', 'backerei', 'bakkerij', 'pasteleria', 'pastelaria', 'enoteca',
]);

/** How "&" is written in a domain name ("Wise & Co" <…@wiseandco.co.uk>, "Müller & Söhne" <…@mueller-und-soehne.de>). */
const AMPERSAND_WORDS = ['', 'and', 'und', 'en', 'et', 'y', 'e'];

/**
 * Common given names of the seven languages the engine reads. A display name that starts with one and whose
 * surname the address repeats is a person; a brand's name in the address ("Banco Bradesco"
 * <banco.bradesco@…>) is not.
 */
const GIVEN_NAMES = new Set(`
  james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven paul andrew joshua kenneth kevin brian
  george timothy ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel frank gregory raymond alexander
  patrick jack dennis jerry tyler aaron henry adam peter nathan zachary harold kyle carl arthur gerald roger keith jeremy lawrence sean christian albert joe ethan
  austin jesse willie billy bryan bruce jordan ralph roy noah dylan eugene wayne alan juan louis russell gabriel randy philip harry vincent bobby johnny logan
  mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty margaret sandra ashley kimberly emily donna michelle carol amanda dorothy
  melissa deborah stephanie rebecca sharon laura cynthia kathleen amy angela shirley anna brenda pamela emma nicole helen samantha katherine christine debra rachel
  carolyn janet catherine maria heather diane ruth julie olivia joyce virginia victoria kelly lauren christina joan evelyn judith megan andrea cheryl hannah jacqueline
  martha gloria teresa ann sara madison frances kathryn janice jean abigail alice judy sophia grace denise amber doris marilyn danielle beverly isabella theresa
  diana natalie brittany charlotte marie kayla alexis lori tom dan dave mike chris jon ben sam tim nick matt steve rob bob jim bill ted tony jane kate liz sue
  pierre michel philippe alain nicolas christophe francois laurent frederic stephane julien olivier sebastien thierry antoine guillaume
  jerome maxime romain mathieu hugo lucas jules camille manon chloe lea sophie nathalie isabelle sylvie valerie
  sandrine veronique celine aurelie emilie caroline claire helene anne martine monique francoise brigitte mathilde elodie pauline margaux
  hans klaus wolfgang jurgen andreas stefan markus uwe bernd torsten sven jan tobias florian lukas felix jonas leon maximilian
  ursula monika petra sabine renate claudia susanne birgit gabriele karin angelika anja katrin julia lena leonie
  jose antonio manuel francisco javier miguel angel carlos jesus pedro alejandro fernando pablo sergio jorge luis alberto raul diego alvaro adrian ivan ruben
  carmen isabel dolores pilar rosa lucia paula elena marta cristina raquel beatriz irene silvia nuria alba mercedes
  giuseppe giovanni marco luca francesco alessandro stefano roberto paolo lorenzo matteo davide simone federico riccardo giorgio mario fabio massimo
  giulia francesca chiara federica valentina alessandra elisa martina paola roberta
  pieter henk kees johan willem dirk bas sander daan thijs jeroen joost bram maarten wouter eva sanne lotte anouk femke marieke ingrid
  joao tiago rui nuno ricardo bruno andre rafael mateus ana mariana ines catarina sofia joana rita carla fernanda juliana camila larissa leticia
`.split(/\s+/).filter(Boolean));

const prefixOf = (a: string, b: string): boolean => a === b || (b.length >= 3 && a.startsWith(b)) || (a.length >= 3 && b.startsWith(a));

/** A person's own name, as the address writes it: "Marie Leclerc" <marie.leclerc@…>, "Jonathan Wise" <jon.wise@…>. */
function isOwnName(name: readonly string[], address: string): boolean {
  const first = name[0] ?? '';
  const last = name[name.length - 1] ?? '';
  if (name.length < 2 || name.length > 4 || !GIVEN_NAMES.has(first) || name.some((w) => SERVICE_WORDS.has(w))) return false;
  const local = words(address.slice(0, Math.max(0, address.lastIndexOf('@'))).replace(/[._+\-\d]+/g, ' '), 6);
  if (local.length === 0) return false;
  const joined = local.join('');
  // "johnlewis@", "jlewis@": the name written as one word.
  if (joined === name.join('') || joined === first.charAt(0) + last) return true;
  const hasLast = local.some((l) => l.length >= 3 && prefixOf(last, l));
  const hasFirst = local.some((l) => prefixOf(first, l) || (l.length === 1 && first.startsWith(l)));
  return hasLast && hasFirst;
}

/** Legal forms a business's domain name leaves out ("Northline Joinery Ltd" <…@northlinejoinery.co.uk>). */
const LEGAL_FORMS = new Set(['ltd', 'limited', 'llc', 'llp', 'inc', 'plc', 'gmbh', 'ag', 'kg', 'ug', 'sarl', 'sas', 'sa', 'srl', 'spa', 'sl', 'slu', 'bv', 'nv', 'vof', 'lda']);

/**
 * A practice's or an organisation's own name, as its domain writes it: "Orange Grove Dental"
 * <…@orangegrovedental.com>, "Cabinet Leclerc Avocats" <…@cabinet-leclerc-avocats.fr>. The words of the
 * name (two or more, legal forms aside, one of them a kind of practice, organisation or venue; "&" as the
 * domain writes it), run together, are the domain's name: like a person's own name, it claims nothing, and
 * its signature repeating it does not make a claim either. A brand's name written as a domain ("Mercado Livre"
 * <…@mercadolivre.com.br>, "Amazon Prime" <…@amazonprime.shop>) names no practice and still claims.
 */
function isOwnBusinessName(displayName: string, address: string): boolean {
  const domain = registrableDomain(address.slice(address.lastIndexOf('@') + 1));
  const label = domain.slice(0, domain.indexOf('.')).replace(/-/g, '');
  if (label.length === 0) return false;
  const spellings = displayName.includes('&') ? AMPERSAND_WORDS.map((w) => displayName.replace(/&/g, ` ${w} `)) : [displayName];
  return spellings.some((spelling) => {
    const core = words(spelling, 12).filter((w) => !LEGAL_FORMS.has(w));
    if (!core.some((w) => PRACTICES.has(w) || OTHER_ORGANISATIONS.has(w) || VENUES.has(w))) return false;
    return core.length >= 2 && core.length <= 5 && label === core.join('');
  });
}

/** Points a brand named in this display name adds to the claim. */
export function displayNameClaimPoints(displayName: string, address: string): number {
  const name = words(displayName, 12);
  if (isOwnName(name, address)) return 0;
  if (name.some((w) => SERVICE_WORDS.has(w))) return DISPLAY_NAME_CLAIM;
  if (isOwnBusinessName(displayName, address)) return 0;
  if (name.some((w) => OTHER_ORGANISATIONS.has(w) || PRACTICES.has(w))) return OTHER_ORGANISATION_CLAIM;
  return DISPLAY_NAME_CLAIM;
}
