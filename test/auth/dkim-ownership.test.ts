/**
 * DKIM as ownership (docs/authentication.md "DKIM and ownership", docs/detection.md "An unlisted domain of
 * the brand"): through the REST API and the gateway, with mailauth verifying real signatures against a stub
 * zone. A verified signature of a catalogued brand's domain is never an impostor of that brand; for a domain
 * the catalogue does not list that carries the brand's name, an aligned signature proves the domain, and the
 * mail is neutral unless it asks for something risky.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { dkimRecord, mail, rsaKey, signDkim } from '../support/auth-fixtures.js';

const paypalKey = rsaKey();
const shopKey = rsaKey();
const ZONE = { ...dkimRecord('paypal.com', 's1', paypalKey), ...dkimRecord('decathlon-news.de', 'm1', shopKey) };

const html = (body: string): string => `<html><body>${body}</body></html>\r\n`;
const message = (from: string, subject: string, body: string): string =>
  mail([['From', from], ['To', 'bob@acme.test'], ['Subject', subject], ['Message-ID', `<${subject.length}.${from.length}@test>`], ['Date', 'Tue, 01 Dec 2026 09:00:00 +0000'], ['MIME-Version', '1.0'], ['Content-Type', 'text/html; charset=utf-8']], html(body));

/** PayPal's own address, every link on a partner's site: unsigned, that is a forged From. */
const paypalPartnerOffer = (): string =>
  message('PayPal <service@paypal.com>', 'Your December offers', '<p>Hello Bob,</p><p>This month PayPal customers get 10% off at our partner restaurants.</p><p><a href="https://www.tablefeast.net/offers/december">See the offers</a></p><p>PayPal</p>');
/** Decathlon's name on a domain the catalogue does not list, one link to the agency running its reviews. */
const decathlonReviews = (ask = ''): string =>
  message('Decathlon <news@decathlon-news.de>', 'Wie war Ihr Einkauf?', `<p>Hallo Bob,</p><p>Wie zufrieden sind Sie mit Ihrem Einkauf bei Decathlon?${ask}</p><p><a href="https://reviews.kundenstimme-agentur.de/decathlon/r/88121">Jetzt bewerten</a></p><p>Ihr Decathlon-Team</p>`);

/** The reasons of BRAND_SPOOFING, IMPERSONATION_WITH_ASK and DISPLAY_NAME_BRAND (the API returns reasons, not rule ids). */
const IMPOSTOR = /^(?:Presents itself as|Claims to be|Display name ".*" claims) .* but /;

describe('POST /v1/analyze: a verified DKIM signature as ownership', () => {
  let h: Harness;
  afterEach(() => h.close());

  const analyse = async (raw: string): Promise<{ impostor: boolean; brand: string | null; dkim: Array<{ result: string; aligned: boolean }> }> => {
    const { key } = await h.tenantWithKey();
    const data = (await h.call('POST', '/v1/analyze', key, { raw_email: Buffer.from(raw).toString('base64') })).json().data;
    return { impostor: (data.reasons as string[]).some((r) => IMPOSTOR.test(r)), brand: data.indicators.brand_spoofing, dkim: data.authentication.dkim };
  };

  it("a catalogued brand's own signed mail is never called an impostor of that brand; unsigned, the same mail is", async () => {
    h = await createHarness({ dnsZone: ZONE });
    const unsigned = await analyse(paypalPartnerOffer());
    expect(unsigned.impostor).toBe(true);
    const signed = await analyse(await signDkim(paypalPartnerOffer(), 'paypal.com', 's1', paypalKey));
    expect(signed.dkim).toEqual([expect.objectContaining({ result: 'pass', aligned: true })]);
    expect(signed).toMatchObject({ impostor: false, brand: null });
  });

  it('an aligned signature proves an unlisted domain carrying the brand name; it proves nothing about a risky ask', async () => {
    h = await createHarness({ dnsZone: ZONE });
    const unsigned = await analyse(decathlonReviews());
    expect(unsigned).toMatchObject({ impostor: true, brand: 'Decathlon' });
    const signed = await analyse(await signDkim(decathlonReviews(), 'decathlon-news.de', 'm1', shopKey));
    expect(signed.dkim).toEqual([expect.objectContaining({ result: 'pass', aligned: true })]);
    expect(signed).toMatchObject({ impostor: false, brand: null });
    // A broken signature is no proof.
    const tampered = (await signDkim(decathlonReviews(), 'decathlon-news.de', 'm1', shopKey)).replace('Wie zufrieden', 'Wie glücklich');
    expect(await analyse(tampered)).toMatchObject({ impostor: true, brand: 'Decathlon' });
    // Signed, but asking to confirm payment details: DKIM proves the domain, not the brand.
    const asking = await analyse(await signDkim(decathlonReviews(' Bitte bestätigen Sie Ihre Kontodaten innerhalb von 48 Stunden, um Ihren Gutschein zu erhalten.'), 'decathlon-news.de', 'm1', shopKey));
    expect(asking).toMatchObject({ impostor: true, brand: 'Decathlon' });
  });
});
