/**
 * Sends phishgate's own mail (quarantine digests) to the configured next hop (`smtp.relay`, Postfix's
 * re-injection listener) with nodemailer, one connection per digest run at most.
 */
import { createTransport } from 'nodemailer';
import type { Config } from '../config/schema.js';
import type { DigestSender } from '../services/digests/service.js';
import { parseHostPort } from './relay-pool.js';

export function createDigestSender(smtp: Config['smtp']): DigestSender & { close(): void } {
  const { host, port } = parseHostPort(smtp.relay);
  const transport = createTransport({
    host,
    port,
    secure: false,
    // The re-injection listener is local; STARTTLS is used when it offers it, never required.
    ...(smtp.hostname && { name: smtp.hostname }),
    connectionTimeout: smtp.relay_timeout_ms,
    greetingTimeout: smtp.relay_timeout_ms,
    socketTimeout: smtp.relay_timeout_ms,
    tls: { rejectUnauthorized: false },
  });
  const send: DigestSender = async (envelope, raw) => (await transport.sendMail({ envelope, raw })).response;
  return Object.assign(send, { close: () => transport.close() });
}
