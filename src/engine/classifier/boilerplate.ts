/**
 * The part of a body its author wrote for this message, for the classifier (docs/detection.md, "What the
 * classifier reads"). Mail carries text that says who sent it in bulk or how, not what it asks: unsubscribe
 * and preference blocks, "view in browser" lines, social-icon footers, postal addresses and legal lines,
 * quoted replies and signatures. Such text is written by ESP templates and mail clients, and in the corpora
 * the classifier learns from it names the collection (2002 list footers, one retailer's template), so the
 * model would learn "newsletter versus list mail" instead of "phishing versus genuine". Rules still read
 * the whole body.
 *
 * Line-based and linear: each line is cut to `MAX_LINE` characters before any pattern runs, and no pattern
 * has nested quantifiers.
 */

const MAX_LINE = 400;
/** Lines longer than this (in words) are prose, never template furniture, even when they mention it. */
const MAX_FURNITURE_WORDS = 30;

/** A reply's quote header ("On Mon, 3 May 2024, Jane wrote:") in the lexicon languages, or Outlook's separator. */
const REPLY_HEADER = new RegExp(
  [
    String.raw`^on\b.{0,200}\bwrote:?$`,
    String.raw`^le\b.{0,200}\ba [ée]crit ?:?$`,
    String.raw`^am\b.{0,200}\bschrieb.{0,80}:$`,
    String.raw`^el\b.{0,200}\bescribi[óo] ?:?$`,
    String.raw`^il\b.{0,200}\bha scritto ?:?$`,
    String.raw`^op\b.{0,200}\bschreef.{0,80}:$`,
    String.raw`^em\b.{0,200}\bescreveu ?:?$`,
    String.raw`^\S{1,40}(?: \S{1,40}){0,8} (?:wrote|writes|a [ée]crit|schrieb|escribi[óo]|ha scritto|schreef|escreveu) ?:$`,
    String.raw`^-{2,}\s?(?:original message|message d'origine|urspr[üu]ngliche nachricht|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original)\s?-{2,}$`,
  ].join('|'),
  'i',
);

/**
 * Header lines of a forwarded or quoted message ("From: …", "Enviado: …", "Betreff: …"): written by the
 * forwarding client in its user's language, so they name the collector's mail program and locale (the
 * honeypot's owner forwarded with a Portuguese Outlook), never what the sender asks.
 */
const QUOTED_HEADER = /^\*?(?:from|sent|to|cc|bcc|date|subject|reply-to|de|para|enviado|enviada|assunto|data|envoy[ée]|[àa]|objet|von|gesendet|an|betreff|datum|desde|asunto|fecha|da|inviato|oggetto|a|aan|verzonden|onderwerp|van)\*? ?:(?:\s|$)/i;

/** Signature openers: the "-- " delimiter (RFC 3676 §4.3) and mobile clients' "sent from my …" lines. */
const SIGNATURE_DELIMITER = /^-- ?$/;
const SENT_FROM = /^(?:sent from my|get outlook for|envoy[ée] de mon|envoy[ée] depuis|von meinem .{0,40}gesendet|gesendet von|enviado desde mi|enviado do meu|inviato da|verzonden (?:vanaf|met) mijn)\b/i;

/**
 * Template furniture: one pattern per kind of line, each an alternation of fixed phrases in the seven
 * lexicon languages (folded to lower case without accents before matching).
 */
const FURNITURE: readonly RegExp[] = [
  // Unsubscribe and preferences.
  /\b(?:unsubscribe|opt[ -]?out|email preferences|manage (?:your )?(?:email |e-mail |notification |subscription )?(?:preferences|settings|subscriptions)|update (?:your )?preferences|notification settings|subscription settings|desabonner|desinscri|se desabonner|gerer (?:vos|mes) preferences|abmelden|abbestellen|newsletter abbestellen|darse de baja|darte de baja|cancelar (?:la )?suscripcion|annulla (?:l'?)?iscrizione|disiscriviti|cancella (?:l'?)?iscrizione|afmelden|uitschrijven|descadastr|cancelar (?:a )?inscricao|descadastre|nao quer (?:mais )?receber)\b/,
  // Why you got it.
  /\b(?:you (?:are )?receiv(?:e|ed|ing) this (?:e-?mail|message|newsletter)|this (?:e-?mail|message) was sent (?:to|by)|you(?:'re| are) receiving this|sent to you because|vous recevez ce(?:t)? (?:e-?mail|message|courriel)|cet e-?mail a ete envoye|sie erhalten diese (?:e-?mail|nachricht)|diese e-?mail wurde .{0,40}gesendet|recibes este (?:correo|mensaje)|este correo (?:fue|ha sido) enviado|ricevi questa (?:e-?mail|email)|questa e-?mail e stata inviata|je ontvangt deze (?:e-?mail|mail)|deze e-?mail is verzonden|voce (?:esta )?receb(?:e|endo) (?:este|esse) (?:e-?mail|email))\b/,
  // View in browser.
  /\b(?:view (?:this |it )?(?:e-?mail |message |newsletter )?(?:in|on) (?:your |a )?(?:web )?browser|view (?:the )?(?:web|online) version|trouble viewing|having trouble (?:reading|viewing)|can'?t see (?:this|the images)|not displaying (?:correctly|properly)|afficher (?:dans|sur) (?:votre |le )?navigateur|version en ligne|probleme d'affichage|im browser (?:ansehen|anzeigen|offnen)|webversion|online[- ]version|ver (?:en|no) (?:el |o )?navegador|version web|visualizza (?:nel|sul) browser|versione online|bekijk (?:in|online|de webversie)|webversie|visualizar no navegador)\b/,
  // Legal and company lines.
  /(?:©|\(c\) ?(?:19|20)|\b(?:copyright|all rights reserved|tous droits reserves|alle rechte vorbehalten|todos los derechos reservados|tutti i diritti riservati|alle rechten voorbehouden|todos os direitos reservados|privacy (?:policy|notice|statement)|terms (?:of (?:use|service)|and conditions|& conditions)|politique de confidentialite|mentions legales|conditions generales|datenschutz(?:erklarung)?|impressum|aviso legal|politica de privacidad|informativa (?:sulla )?privacy|privacyverklaring|politica de privacidade|registered (?:in|office)|company (?:no|number|registration)|registergericht|handelsregister|amtsgericht|siret|rcs [a-z]|capital social|kvk|vat (?:no|number|reg)|ust-?idnr|partita iva|p\.? ?iva|cif|nif|if you are not the intended recipient|si vous n'etes pas (?:le )?destinataire|this (?:e-?mail|message) (?:and any attachments )?(?:is|are|may be) confidential|dieser e-?mail .{0,40}vertraulich))/,
  // Social footers ("Follow us on", or a line made only of network names).
  /\b(?:follow us|connect with us|find us on|join us on|suivez-nous|retrouvez-nous|folgen sie uns|folge uns|siguenos|seguici|volg ons|siga-nos|siganos)\b/,
  /^(?:\W*(?:facebook|twitter|instagram|linkedin|youtube|pinterest|tiktok|x|snapchat|whatsapp|telegram|threads|mastodon|xing|vimeo|flickr)\b\W*){1,12}$/,
  // Postal addresses: a street word next to a number, or a post-office box.
  /\b(?:\d{1,5} [a-z][a-z .'-]{1,40} (?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|suite|way|plaza|square|parkway|pkwy)\b|(?:suite|ste|floor|unit) \d{1,5}\b|p\.? ?o\.? box \d|\d{1,4},? (?:rue|avenue|boulevard|bd|allee|place|chemin|quai) |(?:strasse|str\.|weg|platz|allee|gasse) \d{1,4}\b|\b(?:calle|avenida|av\.|paseo|plaza|via|viale|piazza|corso|rua|praca|largo|travessa) [a-z .'-]{1,40},? \d{1,4}\b|\b[a-z]{3,}(?:straat|laan|weg|plein|gracht|kade) \d{1,4}\b)/,
];

/**
 * The patterns above as one alternation: it matches exactly where one of them does (none has flags or
 * numbered groups to tell apart), in one pass over the line instead of seven (docs/performance.md,
 * "The engine's own costs").
 */
const ANY_FURNITURE = new RegExp(
  FURNITURE.map((pattern) => {
    // A flag would be lost in the alternation, a back-reference would point at another pattern's group.
    if (pattern.flags || /\\[1-9]/.test(pattern.source)) throw new Error(`furniture pattern ${pattern} cannot join the alternation`);
    return `(?:${pattern.source})`;
  }).join('|'),
);

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Lower case, accents removed: the furniture patterns are written that way. */
function foldLine(line: string): string {
  // ASCII has no compatibility forms or combining marks: lower-casing is all there is to do (most lines).
  if (ASCII_ONLY.test(line)) return line.toLowerCase();
  return line.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const WORD = /[\p{L}\p{N}]+/gu;

/** More than `max` runs of letters and digits? Stops counting there (every line of a body is asked). */
function moreWordsThan(line: string, max: number): boolean {
  if (ASCII_ONLY.test(line)) {
    // The only ASCII letters and digits are a-z, A-Z and 0-9.
    let n = 0;
    let inWord = false;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i) | 32;
      const letter = (c >= 97 && c <= 122) || (line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57);
      if (letter && !inWord && ++n > max) return true;
      inWord = letter;
    }
    return false;
  }
  WORD.lastIndex = 0;
  let n = 0;
  while (WORD.exec(line)) if (++n > max) return true;
  return false;
}

export function isFurniture(line: string): boolean {
  const folded = foldLine(line.trim().slice(0, MAX_LINE));
  if (!folded) return false;
  if (moreWordsThan(folded, MAX_FURNITURE_WORDS)) return false;
  return ANY_FURNITURE.test(folded);
}

/**
 * Author-written text of a body: quoted lines (">"), everything from a reply header or a signature
 * delimiter on, mobile "sent from" lines and template furniture lines are dropped. Forwarded messages
 * are kept: what is forwarded is the content.
 */
export function authoredText(body: string): string {
  const kept: string[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('>')) continue;
    const head = line.slice(0, MAX_LINE);
    // A reply header or signature ends the authored part, unless nothing was written before it (then
    // the quote is all there is, and a fake header must not hide a message from the classifier).
    if ((SIGNATURE_DELIMITER.test(raw.trimEnd()) || REPLY_HEADER.test(head)) && kept.some((k) => k.trim())) break;
    if (SENT_FROM.test(head) || QUOTED_HEADER.test(head) || isFurniture(line)) continue;
    kept.push(raw);
  }
  return kept.join('\n');
}
