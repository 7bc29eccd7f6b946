import type { NormalizedMessage } from '../core/message.js';

/** An out-of-office or other automatic reply quotes the subject it answers ("Automatic reply: Budget in SharePoint"). */
export const AUTO_REPLY_SUBJECT = /^\s*(?:automatic reply|auto(?:matic)?[- ]?reply|out of office|r[ée]ponse automatique|absence|abwesenheitsnotiz|automatische antwort|respuesta autom[áa]tica|risposta automatica|automatisch antwoord|resposta autom[áa]tica)\s*:/i;

/**
 * An automatic reply: its subject says so, or it carries `Auto-Submitted: auto-replied` (RFC 3834, what
 * out-of-office responders set). `auto-generated` (any machine-sent notice, bulk mail included) is not a reply.
 */
export function isAutomaticReply(message: Pick<NormalizedMessage, 'subject' | 'headers'>): boolean {
  if (AUTO_REPLY_SUBJECT.test(message.subject)) return true;
  const field = message.headers.find((h) => h.name.toLowerCase() === 'auto-submitted');
  return field !== undefined && /^\s*auto-replied\b/i.test(field.value);
}
