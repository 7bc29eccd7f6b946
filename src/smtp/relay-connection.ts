/**
 * One SMTP connection to the next hop (nodemailer's smtp-connection), in promises. Two behaviours
 * smtp-connection does not offer are added here, each through one internal hook checked by tests:
 * - all or nothing: when the next hop refuses some recipients but accepts others, smtp-connection
 *   would deliver to the accepted ones. A partial delivery cannot be reported to Postfix in one DATA
 *   reply, so the transaction is abandoned before the message is sent (the connection is closed
 *   mid-DATA, which makes the next hop discard it) and the whole message is retried or refused.
 * - SMTPUTF8 is passed on when the client asked for it, not only when an address needs it.
 */
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { NodemailerError } from 'nodemailer/lib/errors';
import { fromNodemailer, RelayRefused, RelayUnavailable, type RelayError } from './relay-errors.js';
import type { OutgoingMessage } from './outgoing-message.js';
import { parseReply } from './replies.js';

export interface RelayTarget {
  host: string;
  port: number;
  /** Name sent with EHLO; nodemailer's default (the host name, or [127.0.0.1]) when absent. */
  name?: string;
  /** Bound on connecting and on the greeting. */
  timeoutMs: number;
}

export interface RelayEnvelope {
  /** '' for the null sender. */
  mailFrom: string;
  rcptTo: string[];
  /** The client declared BODY=8BITMIME. */
  eightBitMime: boolean;
  /** The client asked for SMTPUTF8. */
  smtpUtf8: boolean;
}

/** smtp-connection internals used by the two hooks above (nodemailer is pinned; tests cover both). */
interface Internals {
  _envelope?: { rejectedErrors?: NodemailerError[] };
  _sendCommand(command: string, logText?: string): void;
  _supportedExtensions: string[];
}

class PartialRefusal extends Error {}

export interface SendFailure {
  error: RelayError;
  /** Every byte of the message had been handed to the socket: the next hop may have it. */
  messageSent: boolean;
}

export class RelayConnection {
  private dead = false;
  private forceSmtpUtf8 = false;
  /**
   * Fails the send in progress. smtp-connection does not always call the send callback when the
   * connection ends under it (a close while waiting for the reply to DATA), so every way a
   * connection can end settles the send through here.
   */
  private failCurrent: ((error: RelayUnavailable) => void) | null = null;

  private constructor(private readonly conn: SMTPConnection) {
    const lost = (why: string) => () => {
      this.dead = true;
      this.failCurrent?.(new RelayUnavailable(why));
    };
    conn.on('error', lost('connection to the next hop failed'));
    conn.on('end', lost('connection to the next hop closed'));
    const internals = conn as unknown as Internals;
    const sendCommand = internals._sendCommand.bind(conn);
    internals._sendCommand = (command, logText) => {
      const add = this.forceSmtpUtf8 && /^MAIL FROM:/i.test(command) && !/\sSMTPUTF8\b/i.test(command) && internals._supportedExtensions.includes('SMTPUTF8');
      sendCommand(add ? `${command} SMTPUTF8` : command, logText);
    };
  }

  static open(target: RelayTarget): Promise<RelayConnection> {
    const conn = new SMTPConnection({
      host: target.host,
      port: target.port,
      ...(target.name && { name: target.name }),
      connectionTimeout: target.timeoutMs,
      greetingTimeout: target.timeoutMs,
      // Idle pooled connections are closed by the pool long before this; a stalled send by its timer.
      socketTimeout: Math.max(target.timeoutMs, 60_000),
      // The next hop is Postfix on loopback: plain SMTP, no opportunistic STARTTLS to fail on.
      ignoreTLS: true,
      logger: false,
    });
    return new Promise((resolve, reject) => {
      conn.once('error', (error: NodemailerError) => reject(new RelayUnavailable(`cannot connect to next hop ${target.host}:${target.port}: ${error.message}`, { cause: error })));
      conn.connect(() => {
        // The end of DATA is a small write: with Nagle on it waits for the next hop's delayed ACK
        // (~40 ms on Linux) on every message. Postfix's own SMTP client switches Nagle off too.
        if (conn._socket) conn._socket.setNoDelay(true);
        resolve(new RelayConnection(conn));
      });
    });
  }

  get usable(): boolean {
    return !this.dead;
  }

  /** Resolves with the next hop's final reply; rejects with a `SendFailure`. The connection is dead after a failure. */
  send(envelope: RelayEnvelope, message: OutgoingMessage): Promise<string> {
    const internals = this.conn as unknown as Internals;
    let messageSent = false;
    let refused: NodemailerError[] = [];
    const body = Readable.from(
      (async function* () {
        // smtp-connection reads the message only after DATA was accepted: every RCPT reply is known now.
        refused = internals._envelope?.rejectedErrors ?? [];
        if (refused.length) throw new PartialRefusal();
        for await (const chunk of message.open()) yield chunk as Buffer;
        messageSent = true;
      })(),
    );
    this.forceSmtpUtf8 = envelope.smtpUtf8;
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const fail = (error: RelayError) => {
        if (settled) return;
        settled = true;
        this.failCurrent = null;
        this.abandon();
        reject({ error, messageSent } satisfies SendFailure);
      };
      this.failCurrent = fail;
      this.conn.send(
        { from: envelope.mailFrom, to: envelope.rcptTo, size: message.size, use8BitMime: envelope.eightBitMime },
        body,
        (error, info) => {
          if (!error && info && !settled) {
            settled = true;
            this.failCurrent = null;
            resolve(info.response);
            return;
          }
          fail(refused.length ? partialRefusal(refused) : fromNodemailer(error as NodemailerError));
        },
      );
    });
  }

  /** Closes without QUIT: an unfinished DATA is discarded by the next hop. Fails the send in progress. */
  abandon(): void {
    this.dead = true;
    this.failCurrent?.(new RelayUnavailable('connection to the next hop abandoned'));
    this.conn.close();
  }

  quit(): void {
    if (this.dead) return this.conn.close();
    this.dead = true;
    this.conn.quit();
  }
}

/**
 * Some recipients refused, others accepted, nothing sent. Permanent (the first refusal is passed
 * back, Postfix bounces the message and the bounce names the refused recipient) only when every
 * refusal was permanent; otherwise 451, and Postfix retries the whole message later.
 */
function partialRefusal(errors: NodemailerError[]): RelayRefused {
  const replies = errors.map((e) => ({ line: (e.response ?? '').trim(), parsed: parseReply(e.response ?? '') }));
  const temporary = replies.find((r) => !r.parsed || r.parsed.code < 500);
  const chosen = temporary ?? replies[0]!;
  const code = temporary ? 451 : chosen.parsed!.code;
  return new RelayRefused(code, temporary ? '4.3.0' : chosen.parsed!.enhanced, `some recipients refused by next hop: ${chosen.line}`);
}
