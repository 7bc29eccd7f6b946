import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock.js';
import { composeDigest } from '../../src/services/digests/compose.js';
import { verifyOwnMail } from '../../src/services/digests/own-mail.js';

const NOW = Date.parse('2026-11-16T08:00:00Z');
/** The digest's audience: tenant acme, envelope recipient bob. */
const BOB = { tenantId: 'tn_acme', recipients: ['bob@acme.test'] };
const compose = (secrets: string[]) =>
  composeDigest(
    { subject: 'Quarantine summary: 1 message held for you', text: 'Held: "Verify your account"\n', html: '<p>Held</p>' },
    { tenantId: BOB.tenantId, from: 'quarantine@acme.test', fromName: 'Mail filter quarantine', to: BOB.recipients, kind: 'recipient', messageId: '<dg_1@acme.test>', date: new Date(NOW), language: 'en' },
    secrets,
    NOW,
  );
const edit = (raw: Buffer, from: RegExp, to: string) => Buffer.from(raw.toString('latin1').replace(from, to), 'latin1');
/** Inserts a header field just before the empty line that ends the header section. */
const appendField = (raw: Buffer, field: string) => edit(raw, /\r\n\r\n/, `\r\n${field}\r\n\r\n`);

describe("phishgate's own mail", () => {
  it('verifies with the current or a previous secret, as received (extra trace fields, trailing line breaks)', async () => {
    const raw = await compose(['current']);
    expect(verifyOwnMail(raw, ['current'], NOW, BOB)).toBe(true);
    expect(verifyOwnMail(raw, ['next', 'current'], NOW + DAY_MS, BOB)).toBe(true);
    const delivered = Buffer.concat([Buffer.from('Received: from mx.acme.test by mail.acme.test; Mon, 16 Nov 2026 08:00:01 +0000\r\nReturn-Path: <quarantine@acme.test>\r\n'), raw, Buffer.from('\r\n')]);
    expect(verifyOwnMail(delivered, ['current'], NOW, BOB)).toBe(true);
    // A verifier that appends its result at the end of the header section (a milter's addheader).
    expect(verifyOwnMail(appendField(delivered, 'Authentication-Results: mx.acme.test; dkim=none'), ['current'], NOW, BOB)).toBe(true);
    // The recipients are a set: case and order as the MTA lists them do not matter.
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['Bob@ACME.test'] })).toBe(true);
  });

  it('refuses other keys, changed bodies or headers, duplicates, old copies and unsigned mail', async () => {
    const raw = await compose(['current']);
    expect(verifyOwnMail(raw, ['other'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(raw, [], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /Held: /, 'Hold: '), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^Subject: .*$/m, 'Subject: Your account is locked'), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^From: .*$/m, 'From: CEO <ceo@acme.test>'), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^To: .*$/m, 'To: carol@acme.test'), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^Subject: /m, 'Subject: Pay now\r\nSubject: '), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^X-Phishgate-Signature: /m, 'X-Phishgate-Signature: v=1; t=1; bh=x; s=y\r\nX-Phishgate-Signature: '), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW + 15 * DAY_MS, BOB)).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW - 2 * DAY_MS, BOB)).toBe(false);
    expect(verifyOwnMail(await compose([]), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(Buffer.from('no header section at all'), ['current'], NOW, BOB)).toBe(false);
  });

  it('signs the whole header section: a changed Content-Type, Content-Transfer-Encoding or any added field does not verify', async () => {
    const raw = await compose(['current']);
    expect(raw.toString('latin1')).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(verifyOwnMail(edit(raw, /^Content-Type: .*$/m, 'Content-Type: text/html; charset=utf-8'), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^MIME-Version: .*$/m, 'MIME-Version: 1.0\r\nContent-Transfer-Encoding: base64'), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(appendField(raw, 'Reply-To: helpdesk@evil.test'), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(appendField(raw, 'Sender: helpdesk@evil.test'), ['current'], NOW, BOB)).toBe(false);
    // Above the signature too: only trace fields may be added there.
    expect(verifyOwnMail(Buffer.concat([Buffer.from('Reply-To: helpdesk@evil.test\r\n'), raw]), ['current'], NOW, BOB)).toBe(false);
    expect(verifyOwnMail(Buffer.concat([Buffer.from('Content-Type: text/html\r\n'), raw]), ['current'], NOW, BOB)).toBe(false);
    // A removed field (the composer writes Auto-Submitted) does not verify either.
    expect(verifyOwnMail(edit(raw, /^Auto-Submitted: .*\r\n/m, ''), ['current'], NOW, BOB)).toBe(false);
  });

  it('is bound to the tenant and the recipients: re-sent to another tenant or another recipient, it does not verify', async () => {
    const raw = await compose(['current']);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_beta', recipients: ['bob@acme.test'] })).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['carol@acme.test'] })).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['bob@acme.test', 'carol@acme.test'] })).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: [] })).toBe(false);
  });

  it('an admin digest split per recipient by the MTA still verifies for each of its recipients, for no one else', async () => {
    const admins = ['alice@acme.test', 'Bob@acme.test'];
    const raw = await composeDigest(
      { subject: 'Quarantine summary for acme: 2 messages held', text: 'Held: 2\n', html: '<p>Held</p>' },
      { tenantId: 'tn_acme', from: 'quarantine@acme.test', fromName: 'Mail filter quarantine', to: admins, kind: 'admin', messageId: '<dg_2@acme.test>', date: new Date(NOW), language: 'en' },
      ['current'],
      NOW,
    );
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: admins })).toBe(true);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['bob@acme.test'] })).toBe(true);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['alice@acme.test'] })).toBe(true);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['alice@acme.test', 'mallory@acme.test'] })).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW, { tenantId: 'tn_beta', recipients: ['alice@acme.test'] })).toBe(false);
    // The recipient list in the field is signed: widening it breaks the signature.
    const widened = Buffer.from(raw.toString('latin1').replace(/ r=[A-Za-z0-9_-]+;/, ` r=${Buffer.from('alice@acme.test,bob@acme.test,mallory@acme.test').toString('base64url')};`), 'latin1');
    expect(widened.equals(raw)).toBe(false);
    expect(verifyOwnMail(widened, ['current'], NOW, { tenantId: 'tn_acme', recipients: ['mallory@acme.test'] })).toBe(false);
  });
});
