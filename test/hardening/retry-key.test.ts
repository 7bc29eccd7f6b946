/**
 * The mail doors' retry key (docs/security.md "Faults and retries" and "Hardening, second round"): a
 * retry reuses the stored analysis only for the same message as received — every header field, the body,
 * the envelope sender and recipients. A message that shares the envelope, Message-ID and body with an
 * earlier one but differs in any header field, or goes to other recipients, is analysed afresh; an
 * identical re-send (an MTA's retry after a tempfail) still gets the first analysis. Real gateway, real
 * store, real SMTP door and sink on port 0, real milter socket on port 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MilterReply } from '../../src/milter/replies.js';
import { DIALECTS } from '../support/dialects.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { CONNECT_INFO, startDoor, type RunningDoor } from '../milter/helpers/door.js';
import { sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

/** sender.test's SPF allows loopback (DOOR_ZONE), so the tenant's allow entry for it counts. */
const LOCAL_CLIENT = { ...CONNECT_INFO, hostname: '[127.0.0.1]', address: '127.0.0.1' };
const LOOK_ALIKE = 'PayPal <service@paypa1-secure.example>';
/** A harmless text, base64: the body the issue's reproduction keeps while the header section changes. */
const BODY = `${Buffer.from('<p>Your account is limited. <a href="https://paypa1-secure.example/login">Verify now</a></p>\r\n').toString('base64')}\r\n`;

type Field = [string, string];

const baseFields = (messageId: string): Field[] => [
  ['From', 'Alice <alice@sender.test>'],
  ['To', 'bob@acme.test'],
  ['Reply-To', 'alice@sender.test'],
  ['Subject', 'Notes from today'],
  ['Message-ID', messageId],
  ['Date', 'Sat, 21 Nov 2026 10:00:00 +0000'],
  ['MIME-Version', '1.0'],
  ['Content-Type', 'text/plain; charset=utf-8'],
  ['Content-Transfer-Encoding', 'base64'],
];

const replaced = (fields: Field[], name: string, value: string): Field[] => fields.map(([n, v]) => [n, n === name ? value : v]);

/** Each changed header kind the issue names: the second message keeps envelope, Message-ID and body. */
const VARIANTS: Array<{ kind: string; change: (fields: Field[]) => Field[] }> = [
  { kind: 'From', change: (f) => replaced(f, 'From', LOOK_ALIKE) },
  { kind: 'Content-Type', change: (f) => replaced(f, 'Content-Type', 'text/html; charset=utf-8') },
  { kind: 'Content-Transfer-Encoding', change: (f) => replaced(f, 'Content-Transfer-Encoding', '7bit') },
  { kind: 'Subject', change: (f) => replaced(f, 'Subject', 'Your account is limited') },
  { kind: 'Reply-To', change: (f) => replaced(f, 'Reply-To', 'collect@paypa1-secure.example') },
  { kind: 'an added header', change: (f) => [...f, ['Sender', 'service@paypa1-secure.example']] },
];

const ENVELOPE = { from: 'alice@sender.test', to: ['bob@acme.test'] };
let counter = 0;
const nextMessageId = (door: string) => `<retry-key-${door}-${process.pid}-${++counter}@sender.test>`;
const rawOf = (fields: Field[]): Buffer => Buffer.from(`${fields.map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\n\r\n${BODY}`);

describe.each(DIALECTS)('retry key covers the whole message (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let milter: RunningDoor;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port });
    // The look-alike is blocked: analysed afresh, the reproduction's second message can never be "safe".
    const acme = { tenant: (await t.h.services.tenants.get(t.acme))!, livemode: true };
    await t.h.services.lists.add(acme, 'block', { type: 'domain', value: 'paypa1-secure.example' });
    milter = await startDoor(t.gateway, { gateway: t.config.gateway });
  });
  afterAll(async () => {
    await milter?.server.close();
    await t?.close();
    await sink?.close();
  });

  const analyses = () => t.h.store.db.selectFrom('analyses').select(['id', 'verdict', 'from_addr']).where('tenant_id', '=', t.acme).execute();
  type Row = Awaited<ReturnType<typeof analyses>>[number];
  /** Analyses made after `before` was read (ids are only roughly time-ordered, so not a slice). */
  const since = async (before: Row[]) => {
    const known = new Set(before.map((r) => r.id));
    return (await analyses()).filter((r) => !known.has(r.id));
  };
  /** The two analyses of a reproduction, told apart by their From (two analyses may share a millisecond). */
  const split = (rows: Row[]) => ({
    harmless: rows.find((r) => r.from_addr.includes('sender.test'))!,
    lookAlike: rows.find((r) => r.from_addr.includes('paypa1-secure.example'))!,
  });

  /** Sends through the SMTP door (as Postfix's scan transport) and returns the final reply. */
  const viaSmtp = (fields: Field[], to = ENVELOPE.to) => sendRaw(t.port, { from: ENVELOPE.from, to }, rawOf(fields));

  /** One milter transaction (as Postfix's smtpd); returns the headers the milter asked to insert. */
  async function viaMilter(fields: Field[], rcptTo = ENVELOPE.to): Promise<Map<string, string>> {
    const client = await milter.client();
    await client.open(LOCAL_CLIENT);
    const result = await client.send({ mailFrom: ENVELOPE.from, rcptTo, headers: fields, body: BODY, macros: { T: [['i', `QIDRK${counter}`]] } });
    await client.quit();
    const added = result.modifications.filter((m): m is Extract<MilterReply, { kind: 'insheader' }> => m.kind === 'insheader');
    return new Map(added.map((m) => [m.name, m.value.trim()]));
  }

  it('SMTP door: the issue’s reproduction — a PayPal look-alike with text/html after a harmless message is judged afresh, not relayed as safe', async () => {
    const messageId = nextMessageId('smtp');
    const before = await analyses();
    const first = await viaSmtp(baseFields(messageId));
    expect(first.code).toBe(250);
    const attack = replaced(replaced(baseFields(messageId), 'From', LOOK_ALIKE), 'Content-Type', 'text/html; charset=utf-8');
    const second = await viaSmtp(attack);
    const rows = await since(before);
    expect(rows).toHaveLength(2);
    const { harmless, lookAlike } = split(rows);
    expect(harmless.verdict).toBe('safe');
    expect(lookAlike.verdict).not.toBe('safe');
    // Whatever the action, the reply never names the first message's analysis.
    expect(second.response).not.toContain(harmless.id);
    const relayed = sink.messages.filter((m) => m.raw.toString('latin1').includes(messageId) && m.raw.toString('latin1').includes('paypa1'));
    for (const m of relayed) expect(headerValues(m.raw, 'X-Phishgate-Verdict')).not.toContain('safe');
  });

  it('milter: the same reproduction is judged afresh, not accepted with the first one’s verdict', async () => {
    const messageId = nextMessageId('milter');
    const before = await analyses();
    await viaMilter(baseFields(messageId));
    const attack = replaced(replaced(baseFields(messageId), 'From', LOOK_ALIKE), 'Content-Type', 'text/html; charset=utf-8');
    const headers = await viaMilter(attack);
    const rows = await since(before);
    expect(rows).toHaveLength(2);
    const { harmless, lookAlike } = split(rows);
    expect(harmless.verdict).toBe('safe');
    expect(lookAlike.verdict).not.toBe('safe');
    if (headers.has('X-Phishgate-Verdict')) expect(headers.get('X-Phishgate-Verdict')).not.toBe('safe');
    if (headers.has('X-Phishgate-Analysis-Id')) expect(headers.get('X-Phishgate-Analysis-Id')).toBe(lookAlike.id);
  });

  for (const door of ['smtp', 'milter'] as const) {
    const send = (fields: Field[], to?: string[]) => (door === 'smtp' ? viaSmtp(fields, to) : viaMilter(fields, to));

    it.each(VARIANTS)(`${door}: a changed $kind with the same envelope, Message-ID and body is a new analysis`, async ({ change }) => {
      const fields = baseFields(nextMessageId(door));
      const before = await analyses();
      await send(fields);
      await send(change(fields));
      const rows = await since(before);
      expect(rows).toHaveLength(2);
    });

    it(`${door}: the same message to other recipients is a new analysis`, async () => {
      const fields = baseFields(nextMessageId(door));
      const before = await analyses();
      await send(fields, ['bob@acme.test']);
      await send(fields, ['bob@acme.test', 'carol@acme.test']);
      await send(fields, ['carol@acme.test']);
      expect(await since(before)).toHaveLength(3);
    });

    it(`${door}: an identical re-send (the MTA's retry) reuses the first analysis`, async () => {
      const fields = baseFields(nextMessageId(door));
      const before = await analyses();
      await send(fields, ['bob@acme.test', 'carol@acme.test']);
      // Postfix may list the recipients in another order on its retry: still the same message.
      await send(fields, ['carol@acme.test', 'bob@acme.test']);
      await send(fields, ['bob@acme.test', 'carol@acme.test']);
      expect(await since(before)).toHaveLength(1);
    });
  }
});
