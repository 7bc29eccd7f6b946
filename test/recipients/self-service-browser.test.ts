import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DIALECTS } from '../support/dialects.js';
import { browserSkipReason, launchBrowser, recordForeignRequests, screenshot } from '../support/browser.js';
import { mail } from '../smtp/helpers/door.js';
import { seedQuarantined } from '../support/quarantine.js';
import { startSelfServiceSetup, type SelfServiceSetup } from './support/self-service-setup.js';

/** A hang guard, not a speed check: Chromium on a loaded 2-core machine takes its time. */
const BROWSER_TEST_TIMEOUT_MS = 120_000;

const HOSTILE_HTML = [
  '<html><body><p>Your mailbox is full.</p>',
  '<img src="http://tracker.evil.test/pixel.gif">',
  '<script>document.title = "ran"</script>',
  '<p><a href="https://login.evil.test/verify">Verify your account</a></p>',
  '</body></html>',
].join('\r\n');

// The recipient's side in a real Chromium: the page from the digest link, the confirmation, the
// release arriving at the SMTP sink (the next hop), and a preview that loads nothing from elsewhere.
describe.skipIf(!!browserSkipReason).each(DIALECTS.slice(0, 1))('self-service page in Chromium (%s)', (dialect) => {
  let s: SelfServiceSetup;
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    s = await startSelfServiceSetup(dialect);
    origin = await s.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function holdAndDigest(subject: string, html = false) {
    const message = mail({ from: 'Service desk <phisher@evil.test>', subject, ...(html ? { headers: ['MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8'], body: HOSTILE_HTML } : {}) });
    await seedQuarantined(s.t.port, { to: ['bob@acme.test'], message });
    s.t.h.clock.advance(24 * 3600 * 1000);
    await s.run();
    return s.linksOf('bob@acme.test', subject);
  }
  const released = (subject: string) => (m: { rcptTo: string[]; raw: Buffer }) => m.rcptTo.includes('bob@acme.test') && !m.raw.includes('X-Phishgate-Digest') && m.raw.includes(subject);

  it('a release link asks first; the confirmed release arrives at the next hop', async () => {
    const links = await holdAndDigest('Browser release');
    const page = await browser.newPage();
    const foreign = recordForeignRequests(page, origin);
    const response = await page.goto(`${origin}${links.release}`);
    expect(response?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Deliver this message to your mailbox?');
    await screenshot(page, 'self-service-confirm');
    // Opening the page delivered nothing.
    expect(s.sink.messages.filter(released('Browser release'))).toEqual([]);
    await Promise.all([page.waitForURL(`${origin}${links.release}`), page.click('button[data-action="release"]')]);
    expect(await page.textContent('#outcome')).toBe('Done: the message is on its way to your mailbox.');
    await screenshot(page, 'self-service-released');
    const delivered = await s.sink.waitFor(released('Browser release'), 60_000);
    expect(delivered.rcptTo).toEqual(['bob@acme.test']);
    // Reloading the result (the browser offers to resend the form) or opening the link again does nothing more.
    const again = await page.goto(`${origin}${links.release}`);
    expect(again?.status()).toBe(410);
    expect(await page.textContent('#outcome')).toBe('This link has already been used.');
    expect(s.sink.messages.filter(released('Browser release'))).toHaveLength(1);
    expect(foreign.map((r) => r.url())).toEqual([]);
    await page.close();
  }, BROWSER_TEST_TIMEOUT_MS);

  it('the preview shows hostile HTML inert and its buttons act', async () => {
    const links = await holdAndDigest('Browser preview', true);
    // Tall enough that the buttons under the preview need no scrolling (a full-page screenshot resizes the
    // view for a moment; a click computed across that lands nowhere).
    const page = await browser.newPage({ viewport: { width: 1280, height: 1200 } });
    const foreign = recordForeignRequests(page, origin);
    expect((await page.goto(`${origin}${links.preview}`))?.status()).toBe(200);
    const frame = page.frameLocator('iframe[sandbox]');
    await expect.poll(async () => frame.locator('body').textContent(), { timeout: 60_000 }).toContain('Your mailbox is full.');
    // The link is shown with its real target, not clickable; the script did not run; no image was fetched.
    expect(await frame.locator('a[href]').count()).toBe(0);
    expect(await frame.locator('body').textContent()).toContain('login.evil.test');
    expect(await page.title()).not.toBe('ran');
    await screenshot(page, 'self-service-preview');
    expect(foreign.map((r) => r.url())).toEqual([]);

    // The frame and everything else loaded first; then the button's POST and its answer page.
    await page.waitForLoadState('load');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().startsWith(`${origin}/self-service/l/`), { timeout: 60_000 }),
      page.click('button[data-action="release_allow"]'),
    ]);
    expect(answer.status()).toBe(200);
    await page.waitForSelector('#outcome', { timeout: 60_000 });
    expect(await page.textContent('#outcome')).toContain('mail from phisher@evil.test is accepted for you from now on');
    await s.sink.waitFor(released('Browser preview'), 60_000);
    await page.close();
  }, BROWSER_TEST_TIMEOUT_MS);
});
