import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink, verifyLink } from '../../src/services/self-service/links.js';
import { DIALECTS } from '../support/dialects.js';
import { SECRET } from './support/digest-setup.js';
import { LINK_TTL_MS, PREVIOUS_SECRET, startSelfServiceSetup, type SelfServiceSetup } from './support/self-service-setup.js';

const byRecipient = (rcpt: string, subject: string) => (m: { rcptTo: string[]; raw: Buffer }) => m.rcptTo.includes(rcpt) && !m.raw.includes('X-Phishgate-Digest') && m.raw.includes(subject);
const releasesTo = (s: SelfServiceSetup, subject: string) => s.sink.messages.filter((m) => !m.raw.includes('X-Phishgate-Digest') && m.raw.includes(subject));

describe('link signing', () => {
  const claims = { tenantId: 'tn_1', recipient: 'bob@acme.test', quarantineId: 'qm_1', action: 'release' as const, expiresAt: Date.parse('2026-11-20T00:00:00Z') };
  const now = Date.parse('2026-11-16T00:00:00Z');

  it('accepts its own links under the current and previous secrets, refuses unknown secrets', () => {
    const link = signLink(claims, SECRET);
    expect(verifyLink(link, [SECRET], now)).toMatchObject({ ok: true, claims: { ...claims } });
    expect(verifyLink(signLink(claims, PREVIOUS_SECRET), [SECRET, PREVIOUS_SECRET], now).ok).toBe(true);
    expect(verifyLink(signLink(claims, 'someone-elses-secret-0123456789'), [SECRET, PREVIOUS_SECRET], now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLink(link, [], now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses any change to what the link says, and expired links', () => {
    const link = signLink(claims, SECRET);
    const [payload, signature] = link.split('.') as [string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    for (const change of [{ r: 'carol@acme.test' }, { a: 'delete' }, { q: 'qm_2' }, { e: body.e + 3600 }, { t: 'tn_2' }]) {
      const forged = `${Buffer.from(JSON.stringify({ ...body, ...change })).toString('base64url')}.${signature}`;
      expect(verifyLink(forged, [SECRET], now)).toEqual({ ok: false, reason: 'invalid' });
    }
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyLink(flipped, [SECRET], now).ok).toBe(false);
    expect(verifyLink(`${link}x`, [SECRET], now).ok).toBe(false);
    expect(verifyLink('x'.repeat(5000), [SECRET], now).ok).toBe(false);
    expect(verifyLink(link, [SECRET], claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe.each(DIALECTS)('self-service links from a digest (%s)', (dialect) => {
  let s: SelfServiceSetup;
  beforeAll(async () => {
    s = await startSelfServiceSetup(dialect);
  });
  afterAll(() => s?.close());

  /** Holds a message for `to`, sends the digests due a day later, and returns the links of `to[0]`. */
  async function heldWithLinks(to: string[], subject: string) {
    const [id] = await s.hold(to, subject);
    s.t.h.clock.advance(24 * 3600 * 1000);
    await s.run();
    return { id: id!, links: await s.linksOf(to[0]!, subject) };
  }
  const entry = (id: string) => s.t.h.store.db.selectFrom('quarantined_messages').select(['released_at', 'rcpt_to']).where('id', '=', id).executeTakeFirst();

  it('puts four links to the public URL in the digest; a prefetching GET changes nothing; only the confirmed POST releases', async () => {
    const { id, links } = await heldWithLinks(['bob@acme.test'], 'Prefetched parcel notice');
    expect(links.release).toMatch(/^\/self-service\/l\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // A mail scanner fetches every link of the digest, twice.
    for (const path of [links.preview, links.release, links.releaseAndAllow, links.delete, links.release]) expect((await s.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await entry(id))?.released_at).toBeNull();
    expect(releasesTo(s, 'Prefetched parcel notice')).toEqual([]);
    expect(await s.t.h.services.lists.list({ tenant: (await s.t.h.services.tenants.get(s.t.acme))!, livemode: true }, 'allow', { limit: 50, offset: 0 }, { recipient: 'bob@acme.test' })).toMatchObject({ total: 0 });

    const page = await s.open(links.release);
    expect(page.response.body).toContain('Deliver this message to your mailbox?');
    expect(page.response.body).toContain('Prefetched parcel notice');
    expect(page.response.headers['content-security-policy']).toMatch(/default-src 'none'.*form-action 'self'.*frame-ancestors 'none'/);
    expect(page.response.headers['cache-control']).toBe('no-store');
    expect(page.response.headers['referrer-policy']).toBe('no-referrer');
    expect(page.cookie).toMatch(/^pg_ss=/);
    // A POST without the form token, with another link's token, or from another site does nothing.
    expect((await s.post(links.release, { cookie: page.cookie })).statusCode).toBe(403);
    expect((await s.post(links.release, { csrf: page.csrf!, cookie: 'pg_ss=AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(403);
    const other = await s.open(links.delete);
    expect((await s.post(links.release, { csrf: other.csrf!, cookie: other.cookie })).statusCode).toBe(403);
    expect((await s.post(links.release, { csrf: page.csrf!, cookie: page.cookie, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect((await entry(id))?.released_at).toBeNull();

    const done = await s.post(links.release, { csrf: page.csrf!, cookie: page.cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Done: the message is on its way to your mailbox.');
    const delivered = await s.sink.waitFor(byRecipient('bob@acme.test', 'Prefetched parcel notice'));
    expect(delivered.rcptTo).toEqual(['bob@acme.test']);
    expect((await entry(id))?.released_at).not.toBeNull();
    const feedback = await s.t.h.store.db.selectFrom('feedback').select(['label', 'source', 'actor']).where('subject', '=', 'Prefetched parcel notice').execute();
    // One recipient's release counts for them only: no tenant-wide label (self_service.genuine_label_after_recipients, 2).
    expect(feedback).toEqual([]);

    // Reused: refused, GET and POST alike; the other links of the message too (already dealt with).
    expect((await s.open(links.release)).response.statusCode).toBe(410);
    expect((await s.post(links.release, { csrf: page.csrf!, cookie: page.cookie })).statusCode).toBe(410);
    expect((await s.post(links.delete, { csrf: other.csrf!, cookie: other.cookie })).statusCode).toBe(409);
    expect(releasesTo(s, 'Prefetched parcel notice')).toHaveLength(1);
  });

  it('refuses tampered, expired and other-recipient links, and accepts the previous secret', async () => {
    const { id, links } = await heldWithLinks(['bob@acme.test'], 'Tamper target');
    const token = links.release.split('/').pop()!;
    const [payload, signature] = token.split('.') as [string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `/self-service/l/${Buffer.from(JSON.stringify({ ...body, r: 'carol@acme.test' })).toString('base64url')}.${signature}`;
    expect((await s.open(forged)).response.statusCode).toBe(404);
    expect((await s.open(`/self-service/l/${payload}.${signature.slice(0, -2)}AA`)).response.statusCode).toBe(404);

    // Validly signed for Carol, but the message is Bob's alone: refused.
    const carols = signLink({ tenantId: s.t.acme, recipient: 'carol@acme.test', quarantineId: id, action: 'release', expiresAt: s.t.h.clock.now() + 3600_000 }, SECRET);
    const carolPage = await s.open(`/self-service/l/${carols}`);
    expect(carolPage.response.statusCode).toBe(404);
    expect(carolPage.response.body).not.toContain('Tamper target');
    // Bob's link with another tenant in it: that tenant holds no such message.
    const crossTenant = signLink({ tenantId: s.t.beta, recipient: 'bob@acme.test', quarantineId: id, action: 'release', expiresAt: s.t.h.clock.now() + 3600_000 }, SECRET);
    expect((await s.open(`/self-service/l/${crossTenant}`)).response.statusCode).toBe(410);

    // Signed with the previous secret (rotation): still accepted.
    const previous = signLink({ tenantId: s.t.acme, recipient: 'bob@acme.test', quarantineId: id, action: 'delete', expiresAt: s.t.h.clock.now() + 3600_000 }, PREVIOUS_SECRET);
    expect((await s.open(`/self-service/l/${previous}`)).response.statusCode).toBe(200);

    // Expired: the page says so, and a POST with a valid form token does nothing.
    const page = await s.open(links.release);
    s.t.h.clock.advance(LINK_TTL_MS);
    expect((await s.open(links.release)).response.statusCode).toBe(410);
    expect((await s.post(links.release, { csrf: page.csrf!, cookie: page.cookie })).statusCode).toBe(410);
    expect((await entry(id))?.released_at).toBeNull();
    expect(releasesTo(s, 'Tamper target')).toEqual([]);
  });

  it('release and allow: delivers and allows the sender for this recipient only', async () => {
    const { links } = await heldWithLinks(['bob@acme.test'], 'Vendor statement');
    const page = await s.open(links.releaseAndAllow);
    expect(page.response.body).toContain('Mail from phisher@evil.test will no longer be held for you.');
    const done = await s.post(links.releaseAndAllow, { csrf: page.csrf!, cookie: page.cookie });
    expect(done.body).toContain('mail from phisher@evil.test is accepted for you from now on');
    await s.sink.waitFor(byRecipient('bob@acme.test', 'Vendor statement'));
    const tenant = { tenant: (await s.t.h.services.tenants.get(s.t.acme))!, livemode: true };
    const own = await s.t.h.services.lists.list(tenant, 'allow', { limit: 50, offset: 0 }, { recipient: 'bob@acme.test' });
    expect(own.entries.map((e: { value: string; recipient: string | null }) => [e.value, e.recipient])).toEqual([['phisher@evil.test', 'bob@acme.test']]);
    const carols = await s.t.h.services.lists.list(tenant, 'allow', { limit: 50, offset: 0 }, { recipient: 'carol@acme.test' });
    expect(carols.total).toBe(0);
  });

  it('a message for two recipients: each acts for themselves only', async () => {
    const { id, links: bob } = await heldWithLinks(['bob@acme.test', 'carol@acme.test'], 'Shared invoice');
    const carol = await s.linksOf('carol@acme.test', 'Shared invoice');
    const bobPage = await s.open(bob.delete);
    expect((await s.post(bob.delete, { csrf: bobPage.csrf!, cookie: bobPage.cookie })).statusCode).toBe(200);
    // Still held for Carol; Bob's other links are refused.
    expect(JSON.parse((await entry(id))!.rcpt_to)).toEqual(['bob@acme.test', 'carol@acme.test']);
    expect((await s.open(bob.release)).response.statusCode).toBe(409);
    const carolPage = await s.open(carol.release);
    expect((await s.post(carol.release, { csrf: carolPage.csrf!, cookie: carolPage.cookie })).statusCode).toBe(200);
    const delivered = await s.sink.waitFor(byRecipient('carol@acme.test', 'Shared invoice'));
    expect(delivered.rcptTo).toEqual(['carol@acme.test']);
    expect(releasesTo(s, 'Shared invoice').flatMap((m) => m.rcptTo)).toEqual(['carol@acme.test']);
  });

  it('a delete by the only recipient removes the message', async () => {
    const { id, links } = await heldWithLinks(['bob@acme.test'], 'Delete me');
    const page = await s.open(links.delete);
    const done = await s.post(links.delete, { csrf: page.csrf!, cookie: page.cookie });
    expect(done.body).toContain('Done: the message is deleted.');
    expect(await entry(id)).toBeUndefined();
    expect((await s.post(links.delete, { csrf: page.csrf!, cookie: page.cookie })).statusCode).toBe(410);
  });

  it('the preview shows the held message inert, in a sandboxed frame under the frame policy', async () => {
    const { links } = await heldWithLinks(['bob@acme.test'], 'Preview me');
    const page = await s.open(links.preview);
    expect(page.response.statusCode).toBe(200);
    expect(page.response.body).toContain('Preview me');
    expect(page.response.body.match(/<form method="post"/g)).toHaveLength(3);
    // The preview link itself cannot act.
    expect((await s.post(links.preview, { csrf: page.csrf!, cookie: page.cookie })).statusCode).toBe(403);
  });
});
