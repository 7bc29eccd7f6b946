import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SinkRefusal, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw, startTestDoor, type TestDoor } from './helpers/door.js';
import { RawSmtp } from './helpers/raw-smtp.js';

/** A port nothing listens on (bound, read, released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(DIALECTS)('SMTP door failure replies (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let answer: SinkRefusal = null;
  let answerWith: (() => Promise<SinkRefusal>) | null = null;
  let refuseRcpt: (address: string) => SinkRefusal = () => null;

  beforeAll(async () => {
    sink = await startSmtpSink({ respond: () => (answerWith ? answerWith() : answer), rcpt: (address) => refuseRcpt(address) });
    t = await startTestDoor({ dialect, relayPort: sink.port });
  });
  afterEach(() => {
    answer = null;
    refuseRcpt = () => null;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const send = (to = ['bob@acme.test'], m = mail()) => sendRaw(t.port, { from: 'alice@sender.test', to }, m.raw);

  it('rejects with 550 5.7.1 when the action is reject (Postfix bounces)', async () => {
    await t.block(t.acme, 'reject-me@evil.test');
    t.config.gateway.tenant_actions[t.acme] = { phishing: 'reject' };
    try {
      const m = mail({ from: 'reject-me@evil.test' });
      const result = await sendRaw(t.port, { from: 'reject-me@evil.test', to: ['bob@acme.test'] }, m.raw);
      expect(result.code).toBe(550);
      expect(result.response).toMatch(/^550 5\.7\.1 Message rejected by phishgate as phishing \(an_/);
      expect(sink.messages.some(byId(m.id))).toBe(false);
    } finally {
      delete t.config.gateway.tenant_actions[t.acme];
    }
  });

  it('rejects an oversized message with 552 5.3.4 when oversize_action is reject', async () => {
    t.config.gateway.max_message_bytes = 2048;
    t.config.gateway.oversize_action = 'reject';
    try {
      const result = await send(['bob@acme.test'], mail({ body: 'y'.repeat(4000) }));
      expect(result.response).toMatch(/^552 5\.3\.4 /);
    } finally {
      t.config.gateway.max_message_bytes = 26_214_400;
      t.config.gateway.oversize_action = 'pass';
    }
  });

  it('passes a next hop’s permanent refusal back', async () => {
    answer = { code: 554, message: '5.7.0 Transaction failed: policy' };
    const result = await send();
    expect(result.code).toBe(554);
    expect(result.response).toContain('next hop refused the message: 554 5.7.0 Transaction failed: policy');
  });

  it('answers 451 4.3.0 when the next hop defers', async () => {
    answer = { code: 452, message: '4.3.1 Insufficient system storage' };
    expect((await send()).response).toMatch(/^451 4\.3\.0 /);
  });

  it('delivers nothing when the next hop refuses some recipients: 451 if any refusal is temporary, else the permanent reply', async () => {
    refuseRcpt = (address) => (address.startsWith('deferred') ? { code: 450, message: '4.2.1 Mailbox busy' } : address.startsWith('gone') ? { code: 550, message: '5.1.1 No such user' } : null);
    const first = mail();
    expect((await send(['bob@acme.test', 'deferred@acme.test', 'gone@acme.test'], first)).response).toMatch(/^451 4\.3\.0 /);
    const second = mail();
    const result = await send(['bob@acme.test', 'gone@acme.test'], second);
    expect(result.response).toMatch(/^550 5\.1\.1 next hop refused the message: .*No such user/);
    // The accepted recipient did not get a copy either: no duplicate when Postfix retries or bounces.
    await send(['bob@acme.test'], mail()); // a later message goes through the same pool
    expect(sink.messages.some(byId(first.id)) || sink.messages.some(byId(second.id))).toBe(false);
  });

  it('answers 451 4.3.0 when no tenant covers a recipient (nothing analysed, nothing lost)', async () => {
    t.config.gateway.default_tenant = null;
    try {
      // The reply names the missing setting (the admin reads it in the MTA's log), no tenant id or internal error.
      expect((await send(['someone@nowhere.test'])).response).toMatch(/^451 4\.3\.0 phishgate is not configured for this recipient domain \(set gateway\.default_tenant or gateway\.domains\)/);
    } finally {
      t.config.gateway.default_tenant = t.acme;
    }
  });

  it('answers 451 4.3.0 when the quarantine store fails', async () => {
    await t.block(t.acme, 'store-fails@evil.test');
    await sql`ALTER TABLE quarantined_messages RENAME TO quarantined_messages_away`.execute(t.h.store.db);
    try {
      const result = await sendRaw(t.port, { from: 'store-fails@evil.test', to: ['bob@acme.test'] }, mail({ from: 'store-fails@evil.test' }).raw);
      expect(result.response).toMatch(/^451 4\.3\.0 phishgate could not store/);
    } finally {
      await sql`ALTER TABLE quarantined_messages_away RENAME TO quarantined_messages`.execute(t.h.store.db);
    }
  });

  it('answers 451 4.3.0 when the analysis cannot be stored', async () => {
    await sql`ALTER TABLE analyses RENAME TO analyses_away`.execute(t.h.store.db);
    try {
      expect((await send()).response).toMatch(/^451 4\.3\.0 phishgate could not analyse/);
    } finally {
      await sql`ALTER TABLE analyses_away RENAME TO analyses`.execute(t.h.store.db);
    }
  });

  it('answers 451 4.3.0 when the next hop is too slow, without waiting for it', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const fast = await startTestDoor({ dialect, relayPort: sink.port, smtp: { relay_timeout_ms: 300 } });
    answerWith = async () => {
      await slow;
      return null;
    };
    try {
      expect((await sendRaw(fast.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, mail().raw)).response).toMatch(/^451 4\.3\.0 /);
    } finally {
      release();
      answerWith = null;
      await fast.close();
    }
  });

  it('ignores XFORWARD from a host outside xforward_networks', async () => {
    const other = await startTestDoor({ dialect, relayPort: sink.port, smtp: { xforward_networks: ['10.0.0.0/8'] } });
    try {
      await other.block(other.acme, 'x@evil.test');
      const { client } = await RawSmtp.connect(other.port);
      await client.command('EHLO mx.lab.test');
      await client.command('XFORWARD ADDR=203.0.113.9 HELO=forged.example IDENT=FAKE');
      await client.command('MAIL FROM:<x@evil.test>');
      await client.command('RCPT TO:<bob@acme.test>');
      expect(await client.data(mail({ from: 'x@evil.test' }).raw)).toMatch(/^250 .*quarantined/);
      client.close();
      const tenant = (await other.h.services.tenants.get(other.acme))!;
      const [entry] = (await other.h.services.quarantine.list({ tenant, livemode: true }, { limit: 1, offset: 0 })).entries;
      expect(entry).toMatchObject({ clientAddress: '127.0.0.1', clientHelo: null, queueId: null });
    } finally {
      await other.close();
    }
  });
});

describe.each(DIALECTS)('SMTP door without its next hop (%s)', (dialect) => {
  let t: TestDoor;
  beforeAll(async () => {
    t = await startTestDoor({ dialect, relayPort: await closedPort() });
  });
  afterAll(() => t?.close());

  it('answers 451 4.3.0 so Postfix keeps the message', async () => {
    const result = await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, mail().raw);
    expect(result.code).toBe(451);
    expect(result.response).toMatch(/^451 4\.3\.0 next hop did not accept the message/);
  });
});

describe('SMTP door access control', () => {
  it('refuses clients outside allowed_networks at connect with 554 5.7.1', async () => {
    const sink = await startSmtpSink();
    const t = await startTestDoor({ dialect: 'sqlite', relayPort: sink.port, smtp: { allowed_networks: ['10.0.0.0/8'] } });
    try {
      const { client, greeting } = await RawSmtp.connect(t.port);
      expect(greeting).toMatch(/^554 5\.7\.1 Client address not allowed/);
      client.close();
    } finally {
      await t.close();
      await sink.close();
    }
  });

  it('stops start-up on a malformed network, naming the field', async () => {
    const sink = await startSmtpSink();
    try {
      await expect(startTestDoor({ dialect: 'sqlite', relayPort: sink.port, smtp: { allowed_networks: ['127.0.0.1/40'] } })).rejects.toThrow(/smtp\.allowed_networks\[0\]/);
    } finally {
      await sink.close();
    }
  });
});
