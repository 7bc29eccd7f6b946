import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { byId, mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

describe.each(DIALECTS)("the SMTP door applies each recipient's own entries (%s)", (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect, relayPort: sink.port });
    const acme = { tenant: (await t.h.services.tenants.get(t.acme))!, livemode: true };
    await t.block(t.acme, 'news@vendor.test');
    await t.h.services.lists.add(acme, 'allow', { type: 'email', value: 'news@vendor.test', recipient: 'bob@acme.test' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const send = async (to: string[]) => {
    const message = mail({ from: 'news@vendor.test', subject: `Newsletter for ${to.join(' and ')}` });
    return { message, reply: (await sendRaw(t.port, { from: 'news@vendor.test', to }, message.raw)).response };
  };

  it("delivers to the recipient who allowed the sender, over the tenant's block", async () => {
    const { message, reply } = await send(['bob@acme.test']);
    expect(reply).toMatch(/relayed/);
    expect((await sink.waitFor(byId(message.id))).rcptTo).toEqual(['bob@acme.test']);
  });

  it('quarantines for everyone else, and for a message bob shares with another recipient', async () => {
    expect((await send(['carol@acme.test'])).reply).toMatch(/quarantined/);
    expect((await send(['bob@acme.test', 'carol@acme.test'])).reply).toMatch(/quarantined/);
  });

  it("judges each tenant's share with that tenant's entries, and hands each tenant its own copy", async () => {
    await t.block(t.beta, 'news@vendor.test');
    const { message, reply } = await send(['bob@acme.test', 'eve@beta.test']);
    // Each tenant judges its share with its own entries: acme's (bob) is allowed, beta's is blocked. One
    // copy per tenant (docs/smtp-filter.md "Several tenants in one message"): bob's is relayed, eve's held.
    expect(reply).toMatch(/relayed to 1: 250 .*; quarantined by phishgate as qm_/);
    expect((await sink.waitFor(byId(message.id))).rcptTo).toEqual(['bob@acme.test']);
    const held = await t.h.store.db.selectFrom('quarantined_messages').select(['tenant_id', 'rcpt_to', 'verdict']).where('subject', 'like', '%eve@beta.test%').orderBy('tenant_id').execute();
    expect(held).toEqual([{ tenant_id: t.beta, rcpt_to: '["eve@beta.test"]', verdict: 'phishing' }]);
  });
});
