/**
 * A next hop's permanent refusal is passed back as 5xx (docs/smtp-filter.md): a message larger than the
 * next hop's SIZE limit must bounce, not become 451 and be retried by Postfix for days.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

describe.each(DIALECTS)('next hop refusing for size (%s)', (dialect) => {
  let nextHop: SMTPServer;
  let t: TestDoor;
  let received = 0;

  beforeAll(async () => {
    // A real SMTP server advertising SIZE 2000, as Postfix does with message_size_limit.
    nextHop = new SMTPServer({ size: 2000, authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, onData: (stream, _s, done) => (stream.resume(), stream.on('end', () => (received++, done()))) });
    await new Promise<void>((resolve) => nextHop.listen(0, '127.0.0.1', resolve));
    t = await startTestDoor({ dialect, relayPort: (nextHop.server.address() as AddressInfo).port });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => nextHop?.close(() => resolve()));
  });

  it('answers 552 5.3.4 for a message over the next hop SIZE limit, and 250 for one under it', async () => {
    const big = mail({ body: `${'x'.repeat(70)}\r\n`.repeat(60) });
    const refused = await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, big.raw);
    expect(refused.code).toBe(552);
    expect(refused.response).toMatch(/5\.3\.4/);
    const small = mail();
    expect((await sendRaw(t.port, { from: 'alice@sender.test', to: ['bob@acme.test'] }, small.raw)).code).toBe(250);
    expect(received).toBe(1);
  });
});
