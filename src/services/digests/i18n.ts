/**
 * Words of the quarantine digests and the self-service page in the five supported languages
 * (docs/recipients.md). Plain sentences, no urgency and no requests for credentials: a digest must not
 * read like the mail it reports.
 */
import type { Verdict } from '../../core/analysis.js';

export const DIGEST_LANGUAGES = ['en', 'fr', 'de', 'es', 'it'] as const;
export type DigestLanguage = (typeof DIGEST_LANGUAGES)[number];

export interface DigestWords {
  subject: (count: number) => string;
  adminSubject: (tenant: string, count: number) => string;
  heading: string;
  adminHeading: (tenant: string) => string;
  intro: (count: number) => string;
  adminIntro: (count: number) => string;
  why: (days: number) => string;
  adminWhy: string;
  nothingToDo: string;
  columns: { received: string; from: string; subject: string; verdict: string; reason: string; recipients: string };
  verdicts: Record<Verdict, string>;
  more: (count: number) => string;
  actions: { preview: string; release: string; releaseAndAllow: string; delete: string };
  actionsHelp: string;
  console: string;
  footer: (site: string) => string;
  noSubject: string;
}

const en: DigestWords = {
  subject: (n) => (n === 1 ? 'Quarantine summary: 1 message held for you' : `Quarantine summary: ${n} messages held for you`),
  adminSubject: (t, n) => `Quarantine summary for ${t}: ${n} new ${n === 1 ? 'message' : 'messages'}`,
  heading: 'Quarantine summary',
  adminHeading: (t) => `Quarantine summary for ${t}`,
  intro: (n) => (n === 1 ? 'The mail filter held back 1 message addressed to you since the last summary.' : `The mail filter held back ${n} messages addressed to you since the last summary.`),
  adminIntro: (n) => `The mail filter held back ${n} new ${n === 1 ? 'message' : 'messages'} for your organisation since the last summary.`,
  why: (d) => `You receive this summary because your organisation's mail filter keeps messages that look like phishing or fraud aside instead of delivering them. Held messages are deleted after ${d} days.`,
  adminWhy: 'You receive this summary as an administrator of the mail filter.',
  nothingToDo: 'If you expected none of these messages, there is nothing to do.',
  columns: { received: 'Received', from: 'From', subject: 'Subject', verdict: 'Assessment', reason: 'Main reason', recipients: 'For' },
  verdicts: { safe: 'legitimate', suspicious: 'suspicious', phishing: 'phishing' },
  more: (n) => `… and ${n} more ${n === 1 ? 'message' : 'messages'}.`,
  actions: { preview: 'Look at it', release: 'Deliver it', releaseAndAllow: 'Deliver it and always accept this sender', delete: 'Delete it' },
  actionsHelp: 'Each link opens a page of the mail filter that asks you to confirm; nothing happens before you do. The links work for you only and expire.',
  console: 'Open the quarantine',
  footer: (site) => `Sent automatically by the phishgate mail filter. This message has no attachments and links only to ${site}.`,
  noSubject: '(no subject)',
};

const fr: DigestWords = {
  subject: (n) => (n === 1 ? 'Résumé de la quarantaine : 1 message retenu pour vous' : `Résumé de la quarantaine : ${n} messages retenus pour vous`),
  adminSubject: (t, n) => `Résumé de la quarantaine de ${t} : ${n} ${n === 1 ? 'nouveau message' : 'nouveaux messages'}`,
  heading: 'Résumé de la quarantaine',
  adminHeading: (t) => `Résumé de la quarantaine de ${t}`,
  intro: (n) => (n === 1 ? 'Le filtre de messagerie a retenu 1 message qui vous était adressé depuis le dernier résumé.' : `Le filtre de messagerie a retenu ${n} messages qui vous étaient adressés depuis le dernier résumé.`),
  adminIntro: (n) => `Le filtre de messagerie a retenu ${n} ${n === 1 ? 'nouveau message' : 'nouveaux messages'} pour votre organisation depuis le dernier résumé.`,
  why: (d) => `Vous recevez ce résumé parce que le filtre de messagerie de votre organisation met de côté les messages qui ressemblent à de l'hameçonnage ou à une fraude au lieu de les distribuer. Les messages retenus sont supprimés après ${d} jours.`,
  adminWhy: 'Vous recevez ce résumé en tant qu’administrateur du filtre de messagerie.',
  nothingToDo: "Si vous n'attendiez aucun de ces messages, vous n'avez rien à faire.",
  columns: { received: 'Reçu le', from: 'Expéditeur', subject: 'Objet', verdict: 'Évaluation', reason: 'Raison principale', recipients: 'Pour' },
  verdicts: { safe: 'légitime', suspicious: 'douteux', phishing: 'hameçonnage' },
  more: (n) => `… et ${n} ${n === 1 ? 'autre message' : 'autres messages'}.`,
  actions: { preview: 'Le consulter', release: 'Le distribuer', releaseAndAllow: 'Le distribuer et toujours accepter cet expéditeur', delete: 'Le supprimer' },
  actionsHelp: "Chaque lien ouvre une page du filtre de messagerie qui vous demande de confirmer ; rien ne se passe avant. Les liens ne valent que pour vous et expirent.",
  console: 'Ouvrir la quarantaine',
  footer: (site) => `Envoyé automatiquement par le filtre de messagerie phishgate. Ce message n'a pas de pièce jointe et ne contient de liens que vers ${site}.`,
  noSubject: '(sans objet)',
};

const de: DigestWords = {
  subject: (n) => (n === 1 ? 'Quarantäne-Übersicht: 1 Nachricht für Sie zurückgehalten' : `Quarantäne-Übersicht: ${n} Nachrichten für Sie zurückgehalten`),
  adminSubject: (t, n) => `Quarantäne-Übersicht für ${t}: ${n} ${n === 1 ? 'neue Nachricht' : 'neue Nachrichten'}`,
  heading: 'Quarantäne-Übersicht',
  adminHeading: (t) => `Quarantäne-Übersicht für ${t}`,
  intro: (n) => (n === 1 ? 'Der Mailfilter hat seit der letzten Übersicht 1 an Sie gerichtete Nachricht zurückgehalten.' : `Der Mailfilter hat seit der letzten Übersicht ${n} an Sie gerichtete Nachrichten zurückgehalten.`),
  adminIntro: (n) => `Der Mailfilter hat seit der letzten Übersicht ${n} ${n === 1 ? 'neue Nachricht' : 'neue Nachrichten'} für Ihre Organisation zurückgehalten.`,
  why: (d) => `Sie erhalten diese Übersicht, weil der Mailfilter Ihrer Organisation Nachrichten, die nach Phishing oder Betrug aussehen, zurückhält, statt sie zuzustellen. Zurückgehaltene Nachrichten werden nach ${d} Tagen gelöscht.`,
  adminWhy: 'Sie erhalten diese Übersicht als Administrator des Mailfilters.',
  nothingToDo: 'Wenn Sie keine dieser Nachrichten erwartet haben, ist nichts zu tun.',
  columns: { received: 'Empfangen', from: 'Absender', subject: 'Betreff', verdict: 'Einstufung', reason: 'Hauptgrund', recipients: 'Für' },
  verdicts: { safe: 'unbedenklich', suspicious: 'verdächtig', phishing: 'Phishing' },
  more: (n) => `… und ${n} ${n === 1 ? 'weitere Nachricht' : 'weitere Nachrichten'}.`,
  actions: { preview: 'Ansehen', release: 'Zustellen', releaseAndAllow: 'Zustellen und diesen Absender immer annehmen', delete: 'Löschen' },
  actionsHelp: 'Jeder Link öffnet eine Seite des Mailfilters, die um Bestätigung bittet; vorher geschieht nichts. Die Links gelten nur für Sie und laufen ab.',
  console: 'Quarantäne öffnen',
  footer: (site) => `Automatisch gesendet vom Mailfilter phishgate. Diese Nachricht hat keine Anhänge und verlinkt nur auf ${site}.`,
  noSubject: '(kein Betreff)',
};

const es: DigestWords = {
  subject: (n) => (n === 1 ? 'Resumen de la cuarentena: 1 mensaje retenido para usted' : `Resumen de la cuarentena: ${n} mensajes retenidos para usted`),
  adminSubject: (t, n) => `Resumen de la cuarentena de ${t}: ${n} ${n === 1 ? 'mensaje nuevo' : 'mensajes nuevos'}`,
  heading: 'Resumen de la cuarentena',
  adminHeading: (t) => `Resumen de la cuarentena de ${t}`,
  intro: (n) => (n === 1 ? 'El filtro de correo ha retenido 1 mensaje dirigido a usted desde el último resumen.' : `El filtro de correo ha retenido ${n} mensajes dirigidos a usted desde el último resumen.`),
  adminIntro: (n) => `El filtro de correo ha retenido ${n} ${n === 1 ? 'mensaje nuevo' : 'mensajes nuevos'} para su organización desde el último resumen.`,
  why: (d) => `Recibe este resumen porque el filtro de correo de su organización aparta los mensajes que parecen suplantación de identidad o fraude en lugar de entregarlos. Los mensajes retenidos se eliminan después de ${d} días.`,
  adminWhy: 'Recibe este resumen como administrador del filtro de correo.',
  nothingToDo: 'Si no esperaba ninguno de estos mensajes, no tiene que hacer nada.',
  columns: { received: 'Recibido', from: 'Remitente', subject: 'Asunto', verdict: 'Evaluación', reason: 'Motivo principal', recipients: 'Para' },
  verdicts: { safe: 'legítimo', suspicious: 'sospechoso', phishing: 'suplantación' },
  more: (n) => `… y ${n} ${n === 1 ? 'mensaje más' : 'mensajes más'}.`,
  actions: { preview: 'Verlo', release: 'Entregarlo', releaseAndAllow: 'Entregarlo y aceptar siempre a este remitente', delete: 'Eliminarlo' },
  actionsHelp: 'Cada enlace abre una página del filtro de correo que le pide confirmación; nada ocurre antes. Los enlaces solo valen para usted y caducan.',
  console: 'Abrir la cuarentena',
  footer: (site) => `Enviado automáticamente por el filtro de correo phishgate. Este mensaje no tiene adjuntos y solo enlaza a ${site}.`,
  noSubject: '(sin asunto)',
};

const it: DigestWords = {
  subject: (n) => (n === 1 ? 'Riepilogo della quarantena: 1 messaggio trattenuto per lei' : `Riepilogo della quarantena: ${n} messaggi trattenuti per lei`),
  adminSubject: (t, n) => `Riepilogo della quarantena di ${t}: ${n} ${n === 1 ? 'nuovo messaggio' : 'nuovi messaggi'}`,
  heading: 'Riepilogo della quarantena',
  adminHeading: (t) => `Riepilogo della quarantena di ${t}`,
  intro: (n) => (n === 1 ? "Il filtro di posta ha trattenuto 1 messaggio indirizzato a lei dall'ultimo riepilogo." : `Il filtro di posta ha trattenuto ${n} messaggi indirizzati a lei dall'ultimo riepilogo.`),
  adminIntro: (n) => `Il filtro di posta ha trattenuto ${n} ${n === 1 ? 'nuovo messaggio' : 'nuovi messaggi'} per la sua organizzazione dall'ultimo riepilogo.`,
  why: (d) => `Riceve questo riepilogo perché il filtro di posta della sua organizzazione mette da parte i messaggi che sembrano phishing o frode invece di consegnarli. I messaggi trattenuti vengono eliminati dopo ${d} giorni.`,
  adminWhy: 'Riceve questo riepilogo come amministratore del filtro di posta.',
  nothingToDo: 'Se non aspettava nessuno di questi messaggi, non deve fare nulla.',
  columns: { received: 'Ricevuto', from: 'Mittente', subject: 'Oggetto', verdict: 'Valutazione', reason: 'Motivo principale', recipients: 'Per' },
  verdicts: { safe: 'legittimo', suspicious: 'sospetto', phishing: 'phishing' },
  more: (n) => `… e ${n} ${n === 1 ? 'altro messaggio' : 'altri messaggi'}.`,
  actions: { preview: 'Vederlo', release: 'Consegnarlo', releaseAndAllow: 'Consegnarlo e accettare sempre questo mittente', delete: 'Eliminarlo' },
  actionsHelp: 'Ogni link apre una pagina del filtro di posta che chiede conferma; prima non succede nulla. I link valgono solo per lei e scadono.',
  console: 'Aprire la quarantena',
  footer: (site) => `Inviato automaticamente dal filtro di posta phishgate. Questo messaggio non ha allegati e contiene link solo verso ${site}.`,
  noSubject: '(senza oggetto)',
};

export const DIGEST_WORDS: Record<DigestLanguage, DigestWords> = { en, fr, de, es, it };
