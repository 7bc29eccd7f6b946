/**
 * LINK_POSES_AS_FILE: a link whose visible text is a file name ("Statement_Q3.pdf", "Factura 2291.xlsx")
 * leads to a web page on a host where anyone can publish (a site builder, a static host), not to that file.
 * The lure of a compromised small-company mailbox dresses its link as an attachment; the page behind it
 * asks for the mailbox's password (docs/detection.md "How a verdict is reached", deceptive mechanisms). A
 * file (a path ending in a file extension, as site builders serve their users' PDFs), a file store (Drive,
 * cloud storage buckets), the sender's or a recipient's own site on the platform and a newsletter's
 * sponsors are not.
 */
import type { Detector, DetectorHit, DetectorInput } from '../detector.js';
import type { ExtractedUrl } from '../../mail/url-extract.js';
import { userContentStrength } from '../data/domains.js';
import { isSponsorLink } from './sponsor-links.js';
import { ownOrganisations, ownPlatformPage, webLinks } from './links.js';
import { namedAfter } from '../organisation-name.js';
import { words } from '../text/words.js';
import { sameOrganisation } from '../organisation.js';
import { plantedPath } from '../user-content.js';

/** Extensions of documents and archives a sender attaches (linear: one alternation anchored at the end). */
const FILE_EXTENSION = /\.(?:pdf|docx?|docm|xlsx?|xlsm|pptx?|odt|ods|rtf|csv|zip|rar|7z)$/i;
/** Hosts that store files themselves: a file name over their link is what it says. */
const FILE_STORES = ['docs.google.com', 'drive.google.com', 'googleusercontent.com', 'storage.googleapis.com', 'firebasestorage.googleapis.com', 'dropboxusercontent.com', 'mediafire.com', 'sendspace.com', 'blob.core.windows.net', 'backblazeb2.com', 'digitaloceanspaces.com', 'linodeobjects.com', 'amazonaws.com'];

/** The file name a link text shows ("📎 Invoice 2291.pdf"), or null: one name, no path or address. */
export function fileNameShown(text: string): string | null {
  const t = text.trim();
  if (t.length < 5 || t.length > 120 || t.includes('/') || t.includes('\\') || t.includes('@')) return null;
  return FILE_EXTENSION.test(t) ? t : null;
}

/**
 * A button that opens a document ("View invoice", "Voir le devis", "Rechnung ansehen", "Apri il preventivo",
 * "Offerte bekijken", "Ver fatura"): a viewing verb and a document's name in at most six words, in the seven
 * languages. Both are needed: "Get a quote" or "Zum Angebot" on a small firm's site is an offer, not a file.
 */
const VIEW_VERBS = new Set(['view', 'open', 'download', 'review', 'access', 'see', 'read', 'voir', 'ouvrir', 'consulter', 'telecharger', 'acceder', 'afficher', 'ansehen', 'offnen', 'anzeigen', 'herunterladen', 'einsehen', 'abrufen', 'ver', 'abrir', 'descargar', 'revisar', 'apri', 'aprire', 'visualizza', 'scarica', 'vedi', 'consulta', 'bekijken', 'bekijk', 'openen', 'downloaden', 'inzien', 'descarregar', 'baixar', 'aceder', 'visualizar']);
const DOCUMENT_NOUNS = new Set(['document', 'documents', 'file', 'files', 'invoice', 'invoices', 'proposal', 'quote', 'quotation', 'statement', 'remittance', 'contract', 'agreement', 'pdf', 'fax', 'documento', 'documentos', 'documenti', 'fichier', 'fichiers', 'facture', 'factures', 'devis', 'contrat', 'releve', 'dokument', 'dokumente', 'datei', 'dateien', 'rechnung', 'rechnungen', 'angebot', 'vertrag', 'unterlagen', 'archivo', 'archivos', 'factura', 'facturas', 'presupuesto', 'contrato', 'fattura', 'fatture', 'preventivo', 'contratto', 'documenten', 'bestand', 'bestanden', 'factuur', 'facturen', 'offerte', 'ficheiro', 'ficheiros', 'arquivo', 'arquivos', 'fatura', 'faturas', 'proposta', 'orcamento',
  // Letters and pay slips: the HR lure's "salary review letter" and "payslip".
  'letter', 'courrier', 'schreiben', 'carta', 'lettera', 'brief', 'payslip', 'payslips', 'gehaltsabrechnung', 'lohnabrechnung', 'nomina', 'cedolino', 'loonstrook', 'receipt', 'recu', 'quittung', 'recibo', 'ricevuta']);

/** True when a link text is a button opening a document. */
export function documentButton(text: string): boolean {
  const w = words(text, 7);
  return w.length <= 6 && w.some((x) => VIEW_VERBS.has(x)) && w.some((x) => DOCUMENT_NOUNS.has(x));
}

function isFileStore(host: string): boolean {
  return FILE_STORES.some((s) => host === s || host.endsWith(`.${s}`));
}

function posesAsFile(input: DetectorInput, u: ExtractedUrl): boolean {
  const info = u.info!;
  const host = info.host.toLowerCase();
  if (FILE_EXTENSION.test(info.path) || isFileStore(host) || isSponsorLink(input, u)) return false;
  // A site builder's or static host's page, not one named after the sender's or a recipient's organisation
  // (their own site there). Other hosts are left alone: document platforms (Issuu, DocSend, arXiv pages)
  // and transfer services (Smash, SwissTransfer) show a file's name over a page of their own.
  // Or a page planted in the code folders of a site that is neither the sender's nor a recipient's.
  if (plantedPath(info.path)) return !ownOrganisations(input).some((d) => sameOrganisation(host, d));
  return userContentStrength(host) > 0 && !ownPlatformPage(input, host, info.path) && !ownGoogleSite(input, host, info.path);
}

/** A Google Site names itself in the path (sites.google.com/view/stmarysprimary/…): a school's or club's own site. */
function ownGoogleSite(input: DetectorInput, host: string, path: string): boolean {
  if (host !== 'sites.google.com') return false;
  const parts = path.split('/', 4);
  const name = (parts[1] === 'view' ? parts[2] : parts[1] === 'a' ? parts[3] : '')?.replace(/-/g, '').toLowerCase() ?? '';
  return name !== '' && ownOrganisations(input).some((d) => namedAfter(name, d));
}

export const linkPosesAsFile: Detector = {
  id: 'LINK_POSES_AS_FILE',
  group: 'url',
  indicator: 'suspicious_links',
  description: 'A link shown as a file name (an attachment) leads to a web page on another site',
  run(input) {
    let button: DetectorHit | null = null;
    for (const u of webLinks(input)) {
      const name = u.texts.map(fileNameShown).find((n) => n !== null);
      const opens = name ? undefined : u.texts.find(documentButton);
      if ((!name && !opens) || !posesAsFile(input, u)) continue;
      if (name) return [{ strength: 1, reason: `Link "${name.slice(0, 80)}" looks like an attached file but opens a web page on ${u.info!.host}`, url: u.url }];
      // A button naming a document says less than a file name does: weaker.
      button ??= { strength: 0.6, reason: `Button "${opens!.trim().slice(0, 60)}" offers a document but opens a page on ${u.info!.host}, where anyone can publish`, url: u.url };
    }
    return button ? [button] : [];
  },
};
