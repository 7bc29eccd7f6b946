/**
 * DEPARTMENT_FROM_OUTSIDE: the display name is one of the recipient's own departments — HR, payroll, IT
 * support, the mail administrator, the voicemail system — while the sender is outside the recipient's
 * organisation, and the mail uses a deceptive mechanism (a page where anyone can publish, a web-page
 * attachment, a look-alike host, a form). An ask alone is not enough: payroll bureaus, HR consultancies and
 * IT firms run these departments for small companies and write under their names, asking to log in or pay
 * on their own sites.
 * The decision model's pattern (docs/detection.md "How a verdict is reached") for an identity no brand
 * catalogue lists: who the mail claims to be (your own department), whether the sender is that (a stranger's
 * domain), what it asks. Free-mail senders posing as a department are FREEMAIL_CORPORATE's; a department
 * named by a catalogued service (its own notices) or "… via …" is not a claim. Runs after the other rules
 * (it reads their mechanisms), like IMPERSONATION_WITH_ASK.
 */
import type { Detector } from '../detector.js';
import { words } from '../text/words.js';
import { mechanismOf } from './impersonation.js';

/**
 * Departments that only an organisation's own staff run, in the seven languages, as folded word sequences.
 * Not "informatique", "ICT" or "support" alone: IT firms and vendors' help desks write under those names.
 */
const DEPARTMENTS = [
  'human resources', 'hr', 'hr department', 'payroll', 'payroll department', 'benefits team', 'people team', 'people operations',
  'it support', 'it helpdesk', 'it help desk', 'it service desk', 'it servicedesk', 'it department', 'it services', 'it team', 'it admin',
  'system administrator', 'systems administrator', 'mail administrator', 'email administrator', 'mailbox administrator', 'webmail administrator', 'mail admin', 'email admin',
  'voicemail', 'voice mail', 'voicemail service', 'voice mail service',
  'ressources humaines', 'rh', 'service rh', 'service paie', 'support informatique', 'service informatique', 'administrateur systeme', 'administrateur messagerie', 'messagerie vocale',
  'personalabteilung', 'personalwesen', 'lohnbuchhaltung', 'gehaltsabrechnung', 'it abteilung', 'it service', 'systemadministrator', 'sprachnachricht', 'sprachbox',
  'recursos humanos', 'rrhh', 'nominas', 'departamento de nominas', 'soporte informatico', 'departamento de informatica', 'administrador del sistema', 'buzon de voz',
  'risorse umane', 'ufficio personale', 'ufficio paghe', 'buste paga', 'assistenza it', 'supporto it', 'supporto informatico', 'ufficio informatico', 'amministratore di sistema', 'segreteria telefonica',
  'personeelszaken', 'hr afdeling', 'salarisadministratie', 'it afdeling', 'systeembeheer', 'voicemailservice',
  'processamento salarial', 'departamento de pessoal', 'departamento de recursos humanos', 'departamento de informatica', 'administrador de sistemas', 'correio de voz',
].map((d) => ` ${d} `);

/** The department a display name names, or null ("Payroll Department", "IT-Service", "Recursos Humanos | Empresa"). */
export function departmentIn(displayName: string): string | null {
  const folded = ` ${words(displayName, 20).join(' ')} `;
  const hit = DEPARTMENTS.find((d) => folded.includes(d));
  return hit ? hit.trim() : null;
}

/** "Jane via Group", "Payroll (via Gusto)": a platform naming who it writes for. */
const VIA = /\bvia\b|\bon behalf of\b|\(über |\btramite\b|\ba través de\b|\batravés d[eo]\b|\bnamens\b|\bpar l'interm[ée]diaire de\b|\bim auftrag von\b/i;

export const departmentFromOutside: Detector = {
  id: 'DEPARTMENT_FROM_OUTSIDE',
  group: 'sender',
  stage: 2,
  indicator: 'impersonation',
  description: "The display name is one of your own departments (HR, payroll, IT support, mail administrator, voicemail) but the sender is outside your organisation, and the mail uses a deceptive mechanism (free hosting, a web-page attachment, a look-alike host, a form)",
  run(input) {
    const { sender, recipientDomains } = input;
    if (!sender.displayName || sender.freemail || sender.ownBrand || !sender.registrable || VIA.test(sender.displayName)) return [];
    // Only when the recipient's organisation is known, and the sender is not part of it.
    if (recipientDomains.size === 0 || recipientDomains.has(sender.registrable)) return [];
    const department = departmentIn(sender.displayName);
    if (!department) return [];
    const mechanism = mechanismOf(input);
    if (!mechanism) return [];
    return [{ strength: 1, reason: `Presents itself as your "${department}" but comes from ${sender.registrable}, outside your organisation; ${mechanism.charAt(0).toLowerCase()}${mechanism.slice(1)}` }];
  },
};
