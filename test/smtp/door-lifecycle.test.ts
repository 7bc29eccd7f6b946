import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw, startTestDoor, type TestDoor } from './helpers/door.js';
import { RawSmtp } from './helpers/raw-smtp.js';

const refusedConnection = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

describe.each(DIALECTS)('SMTP door under load (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('takes 50 parallel sessions: every message relayed once, none lost, none duplicated', async () => {
    const messages = Array.from({ length: 50 }, (_, i) => mail({ subject: `parallel ${i}` }));
    const results = await Promise.all(messages.map((m, i) => sendRaw(t.port, { from: `s${i}@sender.test`, to: [`r${i}@acme.test`] }, m.raw)));
    expect(results.map((r) => r.code)).toEqual(Array(50).fill(250));
    const received = sink.messages.filter((m) => m.raw.toString('latin1').includes('Subject: parallel '));
    expect(received).toHaveLength(50);
    const ids = received.map((m) => headerValues(m.raw, 'Message-ID')[0]);
    expect(new Set(ids).size).toBe(50);
    for (const [i, m] of messages.entries()) {
      const got = received.find(byId(m.id))!;
      // Each message kept its own envelope: no mix-up between concurrent sessions.
      expect([got.mailFrom, got.rcptTo]).toEqual([`s${i}@sender.test`, [`r${i}@acme.test`]]);
      expect(headerValues(got.raw, 'Subject')).toEqual([`parallel ${i}`]);
    }
    const tenant = (await t.h.services.tenants.get(t.acme))!;
    const analyses = await t.h.services.analysis.list({ tenant, livemode: true }, { limit: 200, offset: 0, source: 'smtp' });
    expect(new Set(received.map((m) => headerValues(m.raw, 'X-Phishgate-Analysis-Id')[0])).size).toBe(50);
    expect(analyses.total).toBeGreaterThanOrEqual(50);
  });
});

describe('SMTP door and a client that hangs up mid-DATA', () => {
  it('drops the partial message, relays nothing, and closes at once afterwards', async () => {
    const sink = await startSmtpSink();
    // A grace period longer than the test's timeout: if the dropped DATA stayed "in flight", close would hang.
    const t = await startTestDoor({ dialect: 'sqlite', relayPort: sink.port, shutdown: { grace_ms: 120_000 }, gateway: { spill_threshold_bytes: 1024 } });
    try {
      const { client } = await RawSmtp.connect(t.port);
      await client.command('EHLO mx.lab.test');
      await client.command('MAIL FROM:<alice@sender.test>');
      await client.command('RCPT TO:<bob@acme.test>');
      expect(await client.command('DATA')).toMatch(/^354/);
      client.write(Buffer.alloc(50_000, 0x61)); // spilled to disk, never finished
      client.destroy();
      expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, mail().raw)).code).toBe(250);
      await t.door.close();
      expect(sink.messages).toHaveLength(1);
    } finally {
      await t.close();
      await sink.close();
    }
  });
});

describe.each(DIALECTS)('SMTP door graceful close (%s)', (dialect) => {
  it('stops accepting, finishes the message in flight, then tells idle sessions 421', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const arrived: string[] = [];
    const sink = await startSmtpSink({
      respond: async (m) => {
        arrived.push(m.raw.toString('latin1'));
        await held;
        return null;
      },
    });
    const t = await startTestDoor({ dialect, relayPort: sink.port, shutdown: { grace_ms: 20_000 } });
    try {
      const idle = await RawSmtp.connect(t.port);
      await idle.client.command('EHLO mx.lab.test');
      const m = mail();
      const inFlight = sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, m.raw);
      while (arrived.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

      let closed = false;
      const closing = t.door.close().then(() => (closed = true));
      const idleGoodbye = idle.client.reply();
      expect(await refusedConnection(t.port)).toBe(true);
      expect(closed).toBe(false);

      release();
      expect((await inFlight).code).toBe(250);
      expect(await idleGoodbye).toMatch(/^421 4\.3\.2 /);
      await closing;
      expect(sink.messages.some(byId(m.id))).toBe(true);
    } finally {
      release();
      await t.close();
      await sink.close();
    }
  });
});
