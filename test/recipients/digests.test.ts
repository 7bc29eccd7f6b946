import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIGEST_LANGUAGES, DIGEST_WORDS } from '../../src/services/digests/i18n.js';
import { renderDigest } from '../../src/services/digests/render.js';
import { DIALECTS } from '../support/dialects.js';
import { headerValues } from '../support/smtp-sink.js';
import { sendRaw } from '../smtp/helpers/door.js';
import { CONNECT_INFO, startDoor } from '../milter/helpers/door.js';
import { PUBLIC_URL, startDigestSetup, type DigestSetup } from './support/digest-setup.js';

const HOSTILE = '<script>alert(1)</script> Verify =HYPERLINK("x")';

describe.each(DIALECTS)('quarantine digests (%s)', (dialect) => {
  let d: DigestSetup;
  beforeEach(async () => {
    // The harness clock starts on Sunday 2026-11-15 12:00 UTC (13:00 in Paris).
    d = await startDigestSetup(dialect, {
      digests: () => ({ defaults: { frequency: 'daily', hour: 8, weekday: 1, time_zone: 'Europe/Paris', language: 'en', admin_addresses: [], admin_frequency: 'daily' } }),
    });
  });
  afterEach(() => d.close());

  const at = (iso: string) => d.t.h.clock.set(iso);

  it('sends each recipient the mail held for them at their hour, once, in plain text and HTML', async () => {
    const [held] = await d.hold(['bob@acme.test'], HOSTILE);
    await d.hold(['bob@acme.test', 'carol@acme.test'], 'Your parcel is waiting');
    // 13:30 in Paris: today's 08:00 digest covers nothing held after 08:00; tomorrow's will.
    at('2026-11-15T12:30:00Z');
    expect(await d.run()).toMatchObject({ digests: 0 });
    at('2026-11-16T07:05:00Z');
    expect(await d.run()).toEqual({ tenants: 1, digests: 2, admin_digests: 0, messages: 3, failed: 0 });

    const [bob] = await d.digestsFor('bob@acme.test');
    expect(bob!.raw.mailFrom).toBe('quarantine@acme.test');
    expect(bob!.raw.rcptTo).toEqual(['bob@acme.test']);
    expect(bob!.subject).toBe('Quarantine summary: 2 messages held for you');
    expect(headerValues(bob!.raw.raw, 'Auto-Submitted')).toEqual(['auto-generated']);
    expect(headerValues(bob!.raw.raw, 'X-Phishgate-Digest')).toEqual(['recipient']);
    expect(headerValues(bob!.raw.raw, 'X-Phishgate-Signature')[0]).toMatch(/^v=2; t=\d+; r=[A-Za-z0-9_-]+; bh=\S{44}; s=[0-9a-f]{64}$/);
    expect(headerValues(bob!.raw.raw, 'From')).toEqual(['Mail filter quarantine <quarantine@acme.test>']);
    // Says why it was sent, lists what/when/from whom/subject/verdict/reason.
    expect(bob!.text).toContain("You receive this summary because your organisation's mail filter keeps messages that look like phishing or fraud aside");
    expect(bob!.text).toContain('Subject: Your parcel is waiting');
    // What came with the mail is inert in the text part too (inert-text.ts): no tag, no address to link.
    expect(bob!.text).toContain('Subject: ‹script›alert(1)‹/script› Verify =HYPERLINK("x")');
    expect(bob!.text).toContain('From: Service desk ‹phisher@evil[.]test›');
    expect(bob!.text).toContain('Assessment: phishing (Sender phisher@evil[.]test is on the block list: email phisher@evil[.]test)');
    expect(bob!.text).toContain('- Nov 15, 2026, 1:00 PM');
    // The HTML escapes what came with the mail and has no script, image or foreign link.
    expect(bob!.html).toContain('‹script›alert(1)‹/script› Verify =HYPERLINK(&quot;x&quot;)');
    expect(bob!.html).not.toMatch(/<script|<img|src=/i);
    for (const url of [...bob!.text.matchAll(/https?:\/\/[^\s"<>]+/g), ...bob!.html.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0])) expect(url.startsWith(PUBLIC_URL)).toBe(true);
    expect((await d.digestsFor('carol@acme.test'))[0]!.subject).toBe('Quarantine summary: 1 message held for you');

    // Nothing new: no second digest, even at the next run or the next day.
    expect((await d.run()).digests).toBe(0);
    at('2026-11-17T07:05:00Z');
    expect((await d.run()).digests).toBe(0);
    // Only new items: a message held now appears in the next day's digest alone; a released one never.
    await d.hold(['bob@acme.test'], 'Invoice 7781');
    const [released] = await d.hold(['bob@acme.test'], 'Released before the digest');
    await d.t.h.store.db.updateTable('quarantined_messages').set({ released_at: '2026-11-17T07:06:00.000Z' }).where('id', '=', released!).execute();
    at('2026-11-17T08:00:00Z');
    expect((await d.run()).digests).toBe(0);
    at('2026-11-18T07:01:00Z');
    expect(await d.run()).toMatchObject({ digests: 1, messages: 1 });
    const latest = (await d.digestsFor('bob@acme.test')).at(-1)!;
    expect(latest.subject).toBe('Quarantine summary: 1 message held for you');
    expect(latest.text).toContain('Invoice 7781');
    expect(latest.text).not.toContain('Your parcel');
    expect(held).toMatch(/^qm_/);
  });

  it("follows each recipient's own frequency: hourly, weekly on their day, never", async () => {
    const acme = { tenant: (await d.t.h.services.tenants.get(d.t.acme))!, livemode: true };
    await d.digests.setPreference(acme, 'carol@acme.test', { frequency: 'hourly' });
    await d.digests.setPreference(acme, 'dan@acme.test', { frequency: 'weekly', weekday: 3, hour: 17, timeZone: 'America/New_York' });
    await d.digests.setPreference(acme, 'erin@acme.test', { frequency: 'never' });
    at('2026-11-15T12:10:00Z');
    await d.hold(['carol@acme.test', 'dan@acme.test', 'erin@acme.test'], 'Mailbox full');
    const count = async (who: string) => (await d.digestsFor(who)).length;

    at('2026-11-15T12:30:00Z');
    await d.run();
    expect([await count('carol@acme.test'), await count('dan@acme.test')]).toEqual([0, 0]);
    at('2026-11-15T13:00:00Z');
    await d.run();
    expect(await count('carol@acme.test')).toBe(1);
    // Wednesday 17:00 in New York is 22:00 UTC.
    at('2026-11-18T21:59:00Z');
    await d.run();
    expect(await count('dan@acme.test')).toBe(0);
    at('2026-11-18T22:00:30Z');
    await d.run();
    expect(await count('dan@acme.test')).toBe(1);
    const [dan] = await d.digestsFor('dan@acme.test');
    expect(dan!.text).toContain('Nov 15, 2026, 7:10 AM'); // shown in New York time
    at('2026-11-30T12:00:00Z');
    await d.run();
    expect(await count('erin@acme.test')).toBe(0);
    expect([await count('carol@acme.test'), await count('dan@acme.test')]).toEqual([1, 1]);
  });

  it('tries a digest the next hop refused again at the next run', async () => {
    await d.hold(['bob@acme.test'], 'Payment overdue');
    at('2026-11-16T07:05:00Z');
    d.refuse({ code: 451, message: '4.3.0 try later' });
    expect(await d.run()).toMatchObject({ digests: 0, failed: 1 });
    d.refuse(null);
    at('2026-11-16T07:10:00Z');
    expect(await d.run()).toMatchObject({ digests: 1, failed: 0, messages: 1 });
  });

  it('passes a digest that comes back through the SMTP door untouched, and judges a forged copy', async () => {
    await d.hold(['bob@acme.test'], HOSTILE);
    at('2026-11-16T07:05:00Z');
    await d.run();
    const [digest] = await d.digestsFor('bob@acme.test');
    const before = d.sink.messages.length;
    const again = await sendRaw(d.t.port, { from: 'quarantine@acme.test', to: ['bob@acme.test'] }, digest!.raw.raw);
    expect(again.response).toMatch(/^250 .*relayed/);
    expect(again.response).not.toMatch(/scanned|quarantined/);
    const relayed = d.sink.messages[before]!;
    expect(relayed.raw).toEqual(digest!.raw.raw);

    const forged = Buffer.from(digest!.raw.raw.toString('latin1').replace(/^Subject: .*$/m, 'Subject: Your account is locked'), 'latin1');
    const judged = await sendRaw(d.t.port, { from: 'quarantine@acme.test', to: ['bob@acme.test'] }, forged);
    expect(judged.response).toMatch(/scanned \(an_/);
  });

  it('judges a genuine digest re-sent with a changed Content-Type, Content-Transfer-Encoding or Reply-To, or to another tenant or recipient', async () => {
    await d.hold(['bob@acme.test'], 'Verify <a href="https://paypa1-secure.example/login">your account</a>');
    at('2026-11-16T07:05:00Z');
    await d.run();
    const [digest] = await d.digestsFor('bob@acme.test');
    const raw = digest!.raw.raw.toString('latin1');
    const resend = (to: string[], bytes: string) => sendRaw(d.t.port, { from: 'quarantine@acme.test', to }, Buffer.from(bytes, 'latin1'));
    // The untouched digest to its own recipient still passes unjudged.
    expect((await resend(['bob@acme.test'], raw)).response).not.toMatch(/scanned|quarantined/);
    const changed = {
      'Content-Type': raw.replace(/^Content-Type: multipart\/alternative;.*$/m, 'Content-Type: text/html; charset=utf-8'),
      'Content-Transfer-Encoding': raw.replace(/^MIME-Version: 1\.0$/m, 'MIME-Version: 1.0\r\nContent-Transfer-Encoding: quoted-printable'),
      'Reply-To': raw.replace(/^MIME-Version: 1\.0$/m, 'MIME-Version: 1.0\r\nReply-To: helpdesk@paypa1-secure.example'),
    };
    for (const [field, bytes] of Object.entries(changed)) {
      expect(bytes, field).not.toBe(raw);
      expect((await resend(['bob@acme.test'], bytes)).response, field).toMatch(/scanned \(an_|quarantined/);
    }
    expect((await resend(['eve@beta.test'], raw)).response, 'another tenant').toMatch(/scanned \(an_|quarantined/);
    expect((await resend(['carol@acme.test'], raw)).response, 'another recipient').toMatch(/scanned \(an_|quarantined/);
    expect((await resend(['bob@acme.test', 'carol@acme.test'], raw)).response, 'an added recipient').toMatch(/scanned \(an_|quarantined/);
  });

  it('milter: passes the genuine digest unjudged for its recipient, judges it for another recipient or another tenant', async () => {
    await d.hold(['bob@acme.test'], 'Verify your mailbox quota');
    at('2026-11-16T07:05:00Z');
    await d.run();
    const [digest] = await d.digestsFor('bob@acme.test');
    const raw = digest!.raw.raw.toString('latin1');
    const end = raw.indexOf('\r\n\r\n');
    // Header fields as Postfix hands them to a milter: name and (folded) value, in order.
    const headers = raw
      .slice(0, end)
      .split(/\r\n(?![ \t])/)
      .map((line): [string, string] => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]);
    const milter = await startDoor(d.t.gateway, { gateway: d.t.config.gateway });
    try {
      const send = async (rcptTo: string[]) => {
        const client = await milter.client();
        await client.open({ ...CONNECT_INFO, hostname: '[127.0.0.1]', address: '127.0.0.1' });
        const result = await client.send({ mailFrom: 'quarantine@acme.test', rcptTo, headers, body: raw.slice(end + 4), macros: { T: [['i', 'QIDDG1']] } });
        await client.quit();
        return result.modifications.flatMap((m) => (m.kind === 'insheader' ? [m.name] : []));
      };
      expect(await send(['bob@acme.test'])).toEqual([]);
      expect(await send(['carol@acme.test'])).toContain('X-Phishgate-Verdict');
      expect(await send(['eve@beta.test'])).toContain('X-Phishgate-Verdict');
    } finally {
      await milter.server.close();
    }
  });

  it('shows a held subject holding HTML and a URL as inert text in both parts: no tag, no link, no linkable address', async () => {
    await d.hold(['bob@acme.test'], 'Verify <a href="https://paypa1-secure.example/login">your account</a> at www.paypa1-secure.example');
    at('2026-11-16T07:05:00Z');
    await d.run();
    const [bob] = await d.digestsFor('bob@acme.test');
    for (const [part, body] of [['text', bob!.text], ['html', bob!.html]] as const) {
      expect(body, part).toContain('Verify ‹a href=');
      expect(body, part).not.toMatch(/https?:\/\/paypa1|paypa1-secure\.example|www\.paypa1/);
      expect(body, part).toMatch(/paypa1-secure\[\.\]example/);
    }
    expect(bob!.text).not.toMatch(/<a\b/);
    // The HTML part's only links are the digest's own (none here: no public self-service links configured).
    expect(bob!.html.match(/<a\b[^>]*>/g) ?? []).toEqual([]);
  });

});

describe.each(DIALECTS)('admin digests and languages (%s)', (dialect) => {
  let d: DigestSetup;
  afterEach(() => d.close());

  it("sends the tenant's administrators all newly held mail, in the tenant's language", async () => {
    d = await startDigestSetup(dialect, { digests: (t) => ({ tenants: { [t.beta]: { language: 'fr', admin_addresses: ['It@Beta.test'], admin_frequency: 'hourly' } } }) });
    await d.hold(['eve@beta.test'], 'Colis en attente');
    await d.hold(['zoe@beta.test', 'bob@acme.test'], 'Facture impayée');
    d.t.h.clock.set('2026-11-15T13:00:00Z');
    expect(await d.run()).toMatchObject({ admin_digests: 1 });
    const [admin] = await d.digestsFor('it@beta.test');
    expect(admin!.subject).toBe('Résumé de la quarantaine de beta : 2 nouveaux messages');
    expect(admin!.html).toContain('<html lang="fr">');
    expect(admin!.text).toContain('Pour: eve@beta.test');
    expect(admin!.text).toContain('Pour: zoe@beta.test');
    expect(admin!.text).toContain(`Ouvrir la quarantaine: ${PUBLIC_URL}`);
    expect(admin!.text).not.toContain('bob@acme.test');
    expect(headerValues(admin!.raw.raw, 'X-Phishgate-Digest')).toEqual(['admin']);
    d.t.h.clock.set('2026-11-15T14:00:00Z');
    expect((await d.run()).admin_digests).toBe(0);
    // Eve's own digest comes at 08:00 tomorrow (UTC, the default).
    expect(await d.digestsFor('eve@beta.test')).toEqual([]);
    d.t.h.clock.set('2026-11-16T08:00:00Z');
    await d.run();
    expect((await d.digestsFor('eve@beta.test'))[0]!.subject).toBe('Résumé de la quarantaine : 1 message retenu pour vous');
  });
});

describe('digest wording', () => {
  const content = (language: (typeof DIGEST_LANGUAGES)[number]) =>
    renderDigest({
      kind: 'recipient',
      language,
      timeZone: 'Europe/Rome',
      tenantName: 'acme',
      items: [{ id: 'qm_1', createdAt: '2026-11-15T12:00:00.000Z', from: 'a@evil.test', subject: 'x', verdict: 'phishing', reason: 'r' }],
      more: 3,
      retentionDays: 30,
      publicUrl: PUBLIC_URL,
    });

  it('exists in English, French, German, Spanish and Italian, each its own', () => {
    const subjects = DIGEST_LANGUAGES.map((l) => content(l).subject);
    expect(new Set(subjects).size).toBe(5);
    expect(subjects).toEqual([
      'Quarantine summary: 4 messages held for you',
      'Résumé de la quarantaine : 4 messages retenus pour vous',
      'Quarantäne-Übersicht: 4 Nachrichten für Sie zurückgehalten',
      'Resumen de la cuarentena: 4 mensajes retenidos para usted',
      'Riepilogo della quarantena: 4 messaggi trattenuti per lei',
    ]);
    for (const language of DIGEST_LANGUAGES) {
      const { text, html } = content(language);
      expect(text).toContain(DIGEST_WORDS[language].more(3));
      expect(text).toContain(DIGEST_WORDS[language].why(30));
      expect(html).toContain(`<html lang="${language}">`);
    }
  });

  it('makes look-alike domains in any script and ideographic dots inert too, and leaves numbers alone', () => {
    const item = { id: 'qm_1', createdAt: '2026-11-15T12:00:00Z', from: 'Support <help@раураl.сом>', verdict: 'phishing' as const, reason: 'Link to https://evil.example/x' };
    const { text, html } = renderDigest({ kind: 'recipient', language: 'en', timeZone: 'UTC', tenantName: 'acme', items: [{ ...item, subject: 'Renew at paypal。com before version 3.5 expires' }], more: 0, retentionDays: 30, publicUrl: null });
    for (const body of [text, html]) {
      expect(body).toContain('help@раураl[.]сом');
      expect(body).toContain('paypal[.]com');
      expect(body).toContain('version 3.5 expires');
      expect(body).toContain('https[:]//evil[.]example/x');
      expect(body).not.toMatch(/https:\/\/evil|evil\.example|paypal。com/);
    }
  });

  it('keeps an attacker-chosen subject on one line and cut', () => {
    const { text } = renderDigest({ ...{ kind: 'recipient', language: 'en', timeZone: 'UTC', tenantName: 't', more: 0, retentionDays: 30, publicUrl: null }, items: [{ id: 'q', createdAt: '2026-11-15T12:00:00.000Z', from: 'a@b', subject: `line\r\nBcc: x@y\u2028${'A'.repeat(500)}`, verdict: 'phishing', reason: '' }] } as const);
    const line = text.split('\n').find((l) => l.includes('Subject:'))!;
    expect(line).toMatch(/^ {2}Subject: line Bcc: x@y A+…$/);
    expect(line.length).toBeLessThan(200);
  });
});
