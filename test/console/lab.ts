/**
 * A console over the real SMTP door: mail sent to the door is judged and quarantined as in `serve`,
 * releases go through the real relay to a real SMTP sink, and the console app is built from the very
 * services the door uses (tests drive it with `inject`, the browser test over a socket).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../src/http/server.js';
import { createSmtpRelay, type Relay } from '../../src/smtp/index.js';
import type { TestDialect } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildDoorApp, logger, mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

export interface ConsoleLab {
  t: TestDoor;
  sink: SmtpSink;
  app: FastifyInstance;
  /** Sends a mail from `from` to acme's bob through the door; returns the door's reply. */
  send(options: { from: string; subject: string; to?: string[]; body?: string; headers?: string[] }): Promise<string>;
  close(): Promise<void>;
}

export async function startConsoleLab(dialect: TestDialect, extra: Partial<AppDeps> = {}): Promise<ConsoleLab> {
  const sink = await startSmtpSink();
  const t = await startTestDoor({ dialect, relayPort: sink.port });
  const relay: Relay = createSmtpRelay(t.config.smtp, logger);
  const app = await buildDoorApp(t, relay, { console: { enabled: true, path: '/', signInPerMinute: 100 }, ...extra });
  return {
    t,
    sink,
    app,
    async send({ from, subject, to = ['bob@acme.test'], body, headers }) {
      // The To header says bob@acme.test; the envelope decides who gets the message.
      const message = mail({ from, subject, body, headers });
      return (await sendRaw(t.port, { from: from.replace(/^.*<|>.*$/g, ''), to }, message.raw)).response;
    },
    async close() {
      await app.close();
      await relay.close();
      await t.close();
      await sink.close();
    },
  };
}
