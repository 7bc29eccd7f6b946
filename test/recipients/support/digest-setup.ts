/**
 * A real SMTP door with its gateway, services and store, a real SMTP sink as the next hop, and a digest
 * service on the harness's manual clock that sends through nodemailer to that sink.
 */
import { simpleParser } from 'mailparser';
import { loadConfig } from '../../../src/config/loader.js';
import { createDigestService, type DigestLinks, type DigestService } from '../../../src/services/digests/service.js';
import { digestOptionsFromConfig } from '../../../src/services/digests/from-config.js';
import { verifyOwnMail } from '../../../src/services/digests/own-mail.js';
import { createDigestSender } from '../../../src/smtp/digest-sender.js';
import type { TestDialect } from '../../support/dialects.js';
import { startSmtpSink, type SinkMessage, type SinkRefusal, type SmtpSink } from '../../support/smtp-sink.js';
import { startTestDoor, type TestDoor } from '../../smtp/helpers/door.js';
import { seedQuarantined } from '../../support/quarantine.js';

export const SECRET = 'digest-test-secret-0123456789';
export const PUBLIC_URL = 'https://mailfilter.acme.test';

export interface ParsedDigest {
  raw: SinkMessage;
  subject: string;
  text: string;
  html: string;
}

export interface DigestSetup {
  t: TestDoor;
  sink: SmtpSink;
  digests: DigestService;
  refuse(answer: SinkRefusal): void;
  /** Quarantines a message from the blocked sender to `to`; returns its quarantine ids. */
  hold(to: string[], subject: string): Promise<string[]>;
  run(): ReturnType<DigestService['run']>;
  /** Digests the sink received for `rcpt`, oldest first, parsed. */
  digestsFor(rcpt: string): Promise<ParsedDigest[]>;
  close(): Promise<void>;
}

export interface DigestSetupOptions {
  /** `digests` configuration, given the door (tenant ids are known only once it runs). */
  digests?: (t: TestDoor) => Record<string, unknown>;
  links?: (t: TestDoor) => DigestLinks;
  secrets?: string[];
}

export async function startDigestSetup(dialect: TestDialect, options: DigestSetupOptions = {}): Promise<DigestSetup> {
  let answer: SinkRefusal = null;
  const secrets = options.secrets ?? [SECRET];
  const sink = await startSmtpSink({ respond: () => answer });
  const t = await startTestDoor({ dialect, relayPort: sink.port, isOwnMail: (bytes, audience) => verifyOwnMail(bytes, secrets, t.h.clock.now(), audience) });
  const config = loadConfig({ env: {}, overrides: { digests: { enabled: true, public_url: PUBLIC_URL, from: 'quarantine@acme.test', ...options.digests?.(t) } } });
  const sender = createDigestSender({ ...t.config.smtp, relay: `127.0.0.1:${sink.port}` });
  const digests = createDigestService(
    { store: t.h.store, clock: t.h.clock, newId: (p) => `${p}_${Math.random().toString(36).slice(2)}` },
    digestOptionsFromConfig({ ...config, gateway: t.config.gateway }, secrets, sender, options.links?.(t)),
  );
  for (const tenant of [t.acme, t.beta]) await t.block(tenant, 'phisher@evil.test');
  return {
    t,
    sink,
    digests,
    refuse: (a) => (answer = a),
    async hold(to, subject) {
      return (await seedQuarantined(t.port, { to, subject })).ids;
    },
    run: () => digests.run(t.h.services.tenants.find),
    async digestsFor(rcpt) {
      const found = sink.messages.filter((m) => m.rcptTo.includes(rcpt) && m.raw.includes('X-Phishgate-Digest'));
      return Promise.all(
        found.map(async (raw) => {
          const parsed = await simpleParser(raw.raw);
          return { raw, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
        }),
      );
    },
    async close() {
      sender.close();
      await t.close();
      await sink.close();
    },
  };
}
