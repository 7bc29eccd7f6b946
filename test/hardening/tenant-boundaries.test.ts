/**
 * Tenant boundaries at the mail doors (docs/smtp-filter.md and docs/milter.md "Several tenants in one
 * message"): tenant A's confidential allow-list note and analysis id never reach tenant B's recipients.
 * The SMTP door hands each tenant its own copy; the milter, which has one copy, adds only what every
 * recipient may see. Real gateway, real store, real SMTP sink, real milter socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MilterReply } from '../../src/milter/replies.js';
import { DIALECTS } from '../support/dialects.js';
import { headerValues, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { CONNECT_INFO, startDoor, type RunningDoor } from '../milter/helpers/door.js';
import { byId, mail, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

const NOTE = 'CONFIDENTIAL acme merger counsel';
/** vendor.test's SPF allows loopback (DOOR_ZONE): its mail authenticates, so acme's allow entry counts. */
const LOCAL_CLIENT = { ...CONNECT_INFO, hostname: '[127.0.0.1]', address: '127.0.0.1' };

describe.each(DIALECTS)('tenant boundaries (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestDoor;
  let milter: RunningDoor;
  let refuseEve = false;

  beforeAll(async () => {
    sink = await startSmtpSink({ rcpt: (address) => (refuseEve && address === 'eve@beta.test' ? { code: 451, message: '4.3.0 try later' } : null) });
    t = await startTestDoor({ dialect, relayPort: sink.port });
    const acme = { tenant: (await t.h.services.tenants.get(t.acme))!, livemode: true };
    await t.h.services.lists.add(acme, 'allow', { type: 'email', value: 'news@vendor.test', note: NOTE });
    milter = await startDoor(t.gateway, { gateway: t.config.gateway });
  });
  afterAll(async () => {
    await milter?.server.close();
    await t?.close();
    await sink?.close();
  });

  it('SMTP door: one copy per tenant, each with only its own analysis id, reasons and note', async () => {
    const { id, raw } = mail({ from: 'News <news@vendor.test>' });
    const result = await sendRaw(t.port, { from: 'news@vendor.test', to: ['bob@acme.test', 'eve@beta.test', 'carol@acme.test'] }, raw);
    expect(result.code).toBe(250);
    await sink.waitFor((m) => byId(id)(m) && m.rcptTo.includes('eve@beta.test'));
    const copies = sink.messages.filter(byId(id));
    expect(copies.map((c) => c.rcptTo).sort()).toEqual([['bob@acme.test', 'carol@acme.test'], ['eve@beta.test']]);
    const acmeCopy = copies.find((c) => c.rcptTo.includes('bob@acme.test'))!;
    const betaCopy = copies.find((c) => c.rcptTo.includes('eve@beta.test'))!;
    const [acmeId] = headerValues(acmeCopy.raw, 'X-Phishgate-Analysis-Id');
    const [betaId] = headerValues(betaCopy.raw, 'X-Phishgate-Analysis-Id');
    expect(acmeId).toMatch(/^an_\w+$/);
    expect(betaId).toMatch(/^an_\w+$/);
    expect(acmeId).not.toBe(betaId);
    expect(headerValues(acmeCopy.raw, 'X-Phishgate-Reasons')[0]).toContain(NOTE);
    expect(betaCopy.raw.toString('latin1')).not.toContain(NOTE);
    expect(betaCopy.raw.toString('latin1')).not.toContain(acmeId!);
    expect(acmeCopy.raw.toString('latin1')).not.toContain(betaId!);
    // Each analysis belongs to its tenant.
    const beta = { tenant: (await t.h.services.tenants.get(t.beta))!, livemode: true };
    expect((await t.h.services.analysis.get(beta, betaId!)).analysis_id).toBe(betaId);
    await expect(t.h.services.analysis.get(beta, acmeId!)).rejects.toThrow();
  });

  it('SMTP door: each tenant its own action: acme tags, beta (blocking the sender) quarantines only its own copy', async () => {
    await t.block(t.beta, 'mallory@evil.test');
    const acme = { tenant: (await t.h.services.tenants.get(t.acme))!, livemode: true };
    await t.h.services.lists.add(acme, 'allow', { type: 'email', value: 'mallory@evil.test' });
    const { id, raw } = mail({ from: 'mallory@evil.test', subject: 'Quarterly numbers' });
    const result = await sendRaw(t.port, { from: 'mallory@evil.test', to: ['bob@acme.test', 'eve@beta.test'] }, raw);
    expect(result.response).toMatch(/relayed to 1: 250 .*quarantined by phishgate as qm_/);
    const delivered = await sink.waitFor(byId(id));
    expect(delivered.rcptTo).toEqual(['bob@acme.test']);
    expect(headerValues(delivered.raw, 'Subject')).toEqual(['Quarterly numbers']);
    const held = await t.h.store.db.selectFrom('quarantined_messages').select(['tenant_id', 'rcpt_to', 'add_headers']).where('subject', '=', 'Quarterly numbers').execute();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ tenant_id: t.beta, rcpt_to: '["eve@beta.test"]' });
    // The held copy's release headers carry beta's analysis only.
    const acmeIds = headerValues(delivered.raw, 'X-Phishgate-Analysis-Id');
    expect(held[0]!.add_headers).not.toContain(acmeIds[0]!);
  });

  it("SMTP door: when a later copy fails, Postfix's retry does not deliver the earlier copy twice", async () => {
    const { id, raw } = mail({ from: 'News <news@vendor.test>', subject: 'Retry me' });
    const envelope = { from: 'news@vendor.test', to: ['bob@acme.test', 'eve@beta.test'] };
    refuseEve = true;
    const first = await sendRaw(t.port, envelope, raw);
    expect(first.code).toBe(451);
    expect(sink.messages.filter(byId(id)).map((m) => m.rcptTo)).toEqual([['bob@acme.test']]);
    refuseEve = false;
    const retry = await sendRaw(t.port, envelope, raw);
    expect(retry.code).toBe(250);
    await sink.waitFor((m) => byId(id)(m) && m.rcptTo.includes('eve@beta.test'));
    expect(sink.messages.filter(byId(id)).map((m) => m.rcptTo)).toEqual([['bob@acme.test'], ['eve@beta.test']]);
  });

  it('milter: one shared copy carries the strictest verdict and score, never an analysis id or a reason (note)', async () => {
    const client = await milter.client();
    await client.open(LOCAL_CLIENT);
    const result = await client.send({
      mailFrom: 'news@vendor.test',
      rcptTo: ['bob@acme.test', 'eve@beta.test'],
      headers: [['From', 'News <news@vendor.test>'], ['To', 'bob@acme.test, eve@beta.test'], ['Subject', 'Lunch'], ['Message-ID', '<milter-tenants@sender.test>']],
      body: 'See you at noon.\r\n',
      macros: { T: [['i', 'QIDTEN1']] },
    });
    await client.quit();
    expect(result.final).toEqual({ kind: 'accept' });
    const added = result.modifications.filter((m): m is Extract<MilterReply, { kind: 'insheader' }> => m.kind === 'insheader');
    expect(added.map((m) => m.name).sort()).toEqual(['Authentication-Results', 'X-Phishgate-Score', 'X-Phishgate-Verdict']);
    expect(JSON.stringify(result.modifications)).not.toContain(NOTE);
    expect(JSON.stringify(result.modifications)).not.toMatch(/an_\w+/);
  });

  it('milter: a message for one tenant keeps all of that tenant’s headers', async () => {
    const client = await milter.client();
    await client.open(LOCAL_CLIENT);
    const result = await client.send({
      mailFrom: 'news@vendor.test',
      rcptTo: ['bob@acme.test'],
      headers: [['From', 'News <news@vendor.test>'], ['To', 'bob@acme.test'], ['Subject', 'Lunch'], ['Message-ID', '<milter-one@sender.test>']],
      body: 'See you at noon.\r\n',
      macros: { T: [['i', 'QIDTEN2']] },
    });
    await client.quit();
    const names = result.modifications.flatMap((m) => (m.kind === 'insheader' ? [m.name] : []));
    expect(names).toContain('X-Phishgate-Analysis-Id');
    expect(JSON.stringify(result.modifications)).toContain(NOTE);
  });
});
