/**
 * A real SMTP server on a free loopback port that keeps every message it accepts: envelope and exact
 * bytes. The next hop for private Postfix instances and for the SMTP door's relay in tests.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface SinkMessage {
  mailFrom: string;
  rcptTo: string[];
  /** The DATA bytes as received (dot-unstuffed, CRLF line ends, no terminating dot). */
  raw: Buffer;
  remoteAddress: string;
  helo: string;
  /** MAIL FROM carried SMTPUTF8 / BODY=8BITMIME. */
  smtpUtf8: boolean;
  bodyType: string;
}

/** A reply to refuse a message with (e.g. to play a next hop that is down): `{ code: 451, message: '...' }`. */
export type SinkRefusal = { code: number; message: string } | null;

export interface SmtpSinkOptions {
  /** Decide per message whether to refuse it; accepted when absent or returning (a promise of) null. */
  respond?: (message: SinkMessage) => SinkRefusal | Promise<SinkRefusal>;
  /** Decide per recipient (at RCPT TO) whether to refuse it. */
  rcpt?: (address: string) => SinkRefusal;
}

export interface SmtpSink {
  readonly port: number;
  readonly messages: SinkMessage[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(predicate: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

const headerBlock = (raw: Buffer): string => raw.toString('latin1').split('\r\n\r\n', 1)[0] ?? '';

/** Unfolded header values by lower-cased name, in order (for assertions). */
export function headerValues(raw: Buffer, name: string): string[] {
  const unfolded = headerBlock(raw).replace(/\r\n[ \t]+/g, ' ');
  return unfolded
    .split('\r\n')
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) => line.slice(name.length + 1).trim());
}

/** Header names in order, as they appear in the message. */
export function headerNames(raw: Buffer): string[] {
  return headerBlock(raw)
    .split('\r\n')
    .filter((line) => line !== '' && !/^[ \t]/.test(line))
    .map((line) => line.slice(0, line.indexOf(':')));
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters: Array<{ predicate: (m: SinkMessage) => boolean; resolve: (m: SinkMessage) => void }> = [];

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, done: (error?: Error | null) => void): void => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', async () => {
      const message: SinkMessage = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks),
        remoteAddress: session.remoteAddress,
        helo: session.hostNameAppearsAs,
        smtpUtf8: session.envelope.smtpUtf8 === true,
        bodyType: session.envelope.bodyType ?? '7bit',
      };
      const refusal = (await options.respond?.(message)) ?? null;
      if (refusal) {
        done(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        return;
      }
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (!waiter.predicate(message)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
      done();
    });
  };

  const server = new SMTPServer({
    name: 'sink.lab.test',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.rcpt?.(address.address) ?? null;
      callback(refusal ? Object.assign(new Error(refusal.message), { responseCode: refusal.code }) : undefined);
    },
    onData,
  });
  server.on('error', () => {
    // connection-level errors (a client hanging up) are not the sink's concern
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    port,
    messages,
    waitFor(predicate, timeoutMs = 20_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: SinkMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`sink: no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
