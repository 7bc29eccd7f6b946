/**
 * QR_CODE_LURE: the mail asks the reader to sign in, names a QR code, carries an image or a document
 * where the code sits, and offers no link of its own to act on. The sign-in page travels inside the
 * picture to a phone no mail filter watches ("quishing"): the deceptive mechanism is the missing link
 * (docs/detection.md "How a verdict is reached", what it asks). Not from the recipient's own organisation
 * (IT's authenticator enrolment) nor from a catalogued brand's or service's own domain (its genuine
 * set-up mail); a ticket or an app advert asks for no sign-in.
 */
import type { Detector } from '../detector.js';
import { webLinks } from './links.js';
import { writesFromRecipientsOrganisation } from '../judgement.js';

/** "QR code", "code QR", "QR-Code", "código QR", "codice QR", "QR-kód": the letters QR as a word. */
const QR_WORD = /(?<![a-z0-9])qr(?![a-z0-9])/i;
/** Where the code sits: an image in the mail or attached, or a document attachment. */
const CODE_CARRIER = /^(?:image\/|application\/pdf$|application\/vnd\.openxmlformats|application\/msword$)/i;

export const qrCodeLure: Detector = {
  id: 'QR_CODE_LURE',
  group: 'url',
  indicator: 'credential_request',
  description: 'Asks you to sign in through a QR code in an image or a document, with no link of its own: the sign-in page travels to your phone',
  run(input) {
    const { sender, judgement } = input;
    if (!judgement?.asks.some((a) => a.kind === 'sign in or give credentials')) return [];
    if (sender.ownBrand || writesFromRecipientsOrganisation(input)) return [];
    if (!QR_WORD.test(input.ruleText.slice(0, 20_000))) return [];
    if (judgement.links.foreignCount > 0 || webLinks(input).length > 0) return [];
    const inlineImage = input.urls.some((u) => u.kind === 'img');
    const carrier = inlineImage || input.message.attachments.some((a) => CODE_CARRIER.test(a.contentType));
    if (!carrier) return [];
    return [{ strength: 1, reason: 'Asks you to sign in through a QR code in an image or a document, and offers no link: the sign-in page would open on your phone, out of sight of any filter' }];
  },
};
