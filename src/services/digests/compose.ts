/** A rendered digest as an RFC 5322 message (nodemailer's composer), signed as phishgate's own mail. */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { RenderedDigest } from './render.js';
import { signOwnMail } from './own-mail.js';

export interface DigestEnvelope {
  /** The tenant whose quarantine the digest lists: the signature holds only for mail routed to it. */
  tenantId: string;
  from: string;
  fromName: string;
  to: string[];
  kind: 'recipient' | 'admin';
  messageId: string;
  date: Date;
  language: string;
}

function build(composer: MailComposer): Promise<Buffer> {
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}

export async function composeDigest(rendered: RenderedDigest, envelope: DigestEnvelope, secrets: readonly string[], nowMs: number): Promise<Buffer> {
  const raw = await build(
    new MailComposer({
      from: { name: envelope.fromName, address: envelope.from },
      to: envelope.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      date: envelope.date,
      messageId: envelope.messageId,
      textEncoding: 'quoted-printable',
      headers: {
        // RFC 3834: automatic mail; no out-of-office replies, no bounce loops with vacation responders.
        'Auto-Submitted': 'auto-generated',
        'X-Auto-Response-Suppress': 'All',
        'Content-Language': envelope.language,
        'X-Phishgate-Digest': envelope.kind,
      },
    }),
  );
  // The composer leaves bare LF inside quoted-printable parts and SMTP clients turn them into CRLF on
  // the wire: sign the bytes as they will arrive.
  const wire = Buffer.from(raw.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
  return secrets[0] ? signOwnMail(wire, secrets[0], nowMs, { tenantId: envelope.tenantId, recipients: envelope.to }) : wire;
}
