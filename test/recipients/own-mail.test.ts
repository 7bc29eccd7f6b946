import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock.js';
import { composeDigest } from '../../src/services/digests/compose.js';
import { verifyOwnMail } from '../../src/services/digests/own-mail.js';

const NOW = Date.parse('2026-11-16T08:00:00Z');
const compose = (secrets: string[]) =>
  composeDigest(
    { subject: 'Quarantine summary: 1 message held for you', text: 'Held: "Verify your account"\n', html: '<p>Held</p>' },
    { from: 'quarantine@acme.test', fromName: 'Mail filter quarantine', to: ['bob@acme.test'], kind: 'recipient', messageId: '<dg_1@acme.test>', date: new Date(NOW), language: 'en' },
    secrets,
    NOW,
  );
const edit = (raw: Buffer, from: RegExp, to: string) => Buffer.from(raw.toString('latin1').replace(from, to), 'latin1');

describe("phishgate's own mail", () => {
  it('verifies with the current or a previous secret, as received (extra trace fields, trailing line breaks)', async () => {
    const raw = await compose(['current']);
    expect(verifyOwnMail(raw, ['current'], NOW)).toBe(true);
    expect(verifyOwnMail(raw, ['next', 'current'], NOW + DAY_MS)).toBe(true);
    const delivered = Buffer.concat([Buffer.from('Received: from mx.acme.test by mail.acme.test; Mon, 16 Nov 2026 08:00:01 +0000\r\nReturn-Path: <quarantine@acme.test>\r\n'), raw, Buffer.from('\r\n')]);
    expect(verifyOwnMail(delivered, ['current'], NOW)).toBe(true);
  });

  it('refuses other keys, changed bodies or headers, duplicates, old copies and unsigned mail', async () => {
    const raw = await compose(['current']);
    expect(verifyOwnMail(raw, ['other'], NOW)).toBe(false);
    expect(verifyOwnMail(raw, [], NOW)).toBe(false);
    expect(verifyOwnMail(edit(raw, /Held: /, 'Hold: '), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^Subject: .*$/m, 'Subject: Your account is locked'), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^From: .*$/m, 'From: CEO <ceo@acme.test>'), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^To: .*$/m, 'To: carol@acme.test'), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^Subject: /m, 'Subject: Pay now\r\nSubject: '), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(edit(raw, /^X-Phishgate-Signature: /m, 'X-Phishgate-Signature: v=1; t=1; bh=x; s=y\r\nX-Phishgate-Signature: '), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW + 15 * DAY_MS)).toBe(false);
    expect(verifyOwnMail(raw, ['current'], NOW - 2 * DAY_MS)).toBe(false);
    expect(verifyOwnMail(await compose([]), ['current'], NOW)).toBe(false);
    expect(verifyOwnMail(Buffer.from('no header section at all'), ['current'], NOW)).toBe(false);
  });
});
