/**
 * The console in a real Chromium (docs/console.md, "Walk-through"): sign in, find a quarantined phishing
 * message by search, preview it while proving that nothing leaves the page, release it and see it at the
 * next hop (a real SMTP sink), block its sender, and see the next copy quarantined by the block entry.
 * Screenshots go to test-artifacts/screenshots (git-ignored; kept by CI).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpRelay, type Relay } from '../../src/smtp/index.js';
import { browserSkipReason, launchBrowser, recordForeignRequests, screenshot } from '../support/browser.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildDoorApp, logger, sendRaw, startTestDoor, type TestDoor } from '../smtp/helpers/door.js';

const SUBJECT = 'Your account has been limited';

/**
 * The browser globals the page-side callbacks below use: the test project has no DOM library, and a
 * callback runs in the page, so it reaches them through `globalThis` rather than a captured variable.
 */
interface PageGlobals {
  document: { createRange(): { selectNodeContents(node: unknown): void; getClientRects(): ArrayLike<{ top: number }> } };
  getComputedStyle(element: unknown): { resize: string };
  notReloaded?: boolean;
}


/**
 * A phishing mail that tries every way of reaching out: a remote logo and tracking pixel, a script, a
 * form, a CSS background, an iframe, a link whose text lies. `spy` is a loopback server that counts hits.
 */
function phishingMail(spy: string, n: number): Buffer {
  return Buffer.from(
    [
      'From: PayPal Service <service@paypa1-secure.com>',
      'To: bob@acme.test',
      `Subject: ${SUBJECT}`,
      `Message-ID: <console-browser-${process.pid}-${n}@paypa1-secure.com>`,
      'Date: Sat, 14 Nov 2026 02:10:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><head><link rel="stylesheet" href="' + spy + '/style.css"><style>body{background:url(' + spy + '/bg.png)}</style></head><body>',
      '<p><img src="' + spy + '/logo.png" alt="PayPal"><img src="' + spy + '/pixel.gif" width="1" height="1"></p>',
      '<p>Dear Customer,</p>',
      '<p>We detected unusual activity on your PayPal account. Your account has been limited until you verify your identity.</p>',
      '<p>Please verify your account within 24 hours, or your account will be permanently closed.</p>',
      '<p><a href="http://paypa1-secure.com/signin/verify?session=77a1">https://www.paypal.com/signin</a></p>',
      '<form action="' + spy + '/steal" method="post"><input name="password" type="password"><button>Verify</button></form>',
      '<script>fetch("' + spy + '/script");document.title="pwned"</script>',
      '<iframe src="' + spy + '/frame"></iframe>',
      '<p>Thank you,<br>PayPal Security Team</p>',
      '</body></html>',
      '',
    ].join('\r\n'),
  );
}

describe.skipIf(!!browserSkipReason)('console in a real Chromium', () => {
  let sink: SmtpSink;
  let t: TestDoor;
  let relay: Relay;
  let app: FastifyInstance;
  let origin: string;
  let browser: Browser;
  let page: Page;
  let spy: Server;
  let spyUrl: string;
  const spyHits: string[] = [];
  let key: string;

  beforeAll(async () => {
    spy = createServer((request, response) => {
      spyHits.push(request.url ?? '');
      response.end('');
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    spyUrl = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
    sink = await startSmtpSink();
    t = await startTestDoor({ dialect: 'sqlite', relayPort: sink.port });
    relay = createSmtpRelay(t.config.smtp, logger);
    app = await buildDoorApp(t, relay, { console: { enabled: true, path: '/', signInPerMinute: 10 } });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
    key = (await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write', 'admin'] })).key;
    const first = await sendRaw(t.port, { from: 'service@paypa1-secure.com', to: ['bob@acme.test'] }, phishingMail(spyUrl, 1));
    expect(first.response).toMatch(/quarantined by phishgate as qm_/);
    browser = await launchBrowser();
    // docs/console.md: the console is laid out for a 1,400 px wide window.
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Release and delete ask for confirmation; the person says yes.
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await relay?.close();
    await t?.close();
    await sink?.close();
    await new Promise((resolve) => spy?.close(resolve));
  });

  it('signs in with an API key and shows the overview of its tenant', async () => {
    await page.goto(`${origin}/`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Overview');
    await expect(page.locator('.who .tenant').textContent()).resolves.toBe('acme');
    // uPlot (served by phishgate) drew the charts.
    await page.waitForSelector('#chart-verdict .uplot canvas');
    // The legend names the series; it never shows uPlot's "--" placeholder for a value.
    const legend = (await page.locator('#chart-verdict .u-legend').textContent()) ?? '';
    expect(legend).toContain('phishing');
    expect(legend).not.toContain('--');
    // The page uses the window: main is (nearly) as wide as the 1,400 px viewport.
    expect((await page.locator('main').boundingBox())!.width).toBeGreaterThan(1300);
    await expect(page.locator('.share-legend').textContent()).resolves.toContain('phishing 1 (100 %)');
    await expect(page.locator('table.domains').textContent()).resolves.toContain('paypa1-secure.com');
    await screenshot(page, 'console-overview');
  });

  it('finds the quarantined message by search and previews it without any request leaving the page', async () => {
    await page.getByRole('link', { name: 'Quarantine' }).click();
    await page.getByLabel('Sender or subject').fill('account has been LIMITED');
    await page.getByRole('button', { name: 'Search' }).click();
    const foreign = recordForeignRequests(page, origin);
    await page.getByRole('link', { name: SUBJECT }).click();
    await page.waitForSelector('iframe.preview');
    const frame = page.frameLocator('iframe.preview');
    await expect(frame.locator('body').textContent()).resolves.toContain('Your account has been limited until you verify');
    // Links are shown with their real target and are not links; images are placeholders.
    expect(await frame.locator('a[href]').count()).toBe(0);
    expect(await frame.locator('img, script, iframe, form, input').count()).toBe(0);
    await expect(frame.locator('body').textContent()).resolves.toContain('paypa1-secure.com/signin/verify');
    const links = page.locator('table').filter({ hasText: 'Real target' });
    await expect(links.textContent()).resolves.toContain('http://paypa1-secure.com/signin/verify?session=77a1');
    await expect(links.locator('.flag-danger').textContent()).resolves.toBe('text shows www.paypal.com, leads to paypa1-secure.com');
    // The preview frame is tall (it cannot be sized to its content: it is sandboxed) and can be dragged taller.
    const frameBox = (await page.locator('iframe.preview').boundingBox())!;
    expect(frameBox.height).toBeGreaterThan(0.7 * 900 - 1);
    await expect(page.locator('iframe.preview').evaluate((e) => (globalThis as unknown as PageGlobals).getComputedStyle(e).resize)).resolves.toBe('vertical');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'console-quarantine');
    await page.locator('#pv-html').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-quarantine-preview', { fullPage: false });
    expect(foreign.map((r) => r.url())).toEqual([]);
    expect(spyHits).toEqual([]);
    expect(await page.title()).not.toBe('pwned');
  });

  it('releases the message to the next hop', async () => {
    await page.getByRole('button', { name: 'Release to recipients' }).click();
    await page.waitForSelector('.notice');
    await expect(page.locator('.notice').textContent()).resolves.toContain('released');
    const delivered = await sink.waitFor((m) => m.raw.toString('utf8').includes(SUBJECT));
    expect(delivered.rcptTo).toEqual(['bob@acme.test']);
    expect(delivered.mailFrom).toBe('service@paypa1-secure.com');
  });

  it('blocks the sender, and the next copy is quarantined by that block entry', async () => {
    const senderForm = page.locator('form.list-form').filter({ hasText: 'Allow or block the sender' }).first();
    await expect(senderForm.getByLabel('Address').inputValue()).resolves.toBe('service@paypa1-secure.com');
    await senderForm.getByLabel('Note').fill('PayPal look-alike seen in the console');
    await senderForm.getByRole('button', { name: 'Save list entry' }).click();
    await expect(page.locator('.notice').textContent()).resolves.toContain('Block-list entry saved');

    const again = await sendRaw(t.port, { from: 'service@paypa1-secure.com', to: ['bob@acme.test'] }, phishingMail(spyUrl, 2));
    expect(again.response).toMatch(/quarantined by phishgate as qm_/);
    await page.getByRole('link', { name: 'Quarantine' }).click();
    const held = page.locator('tbody tr').filter({ hasText: SUBJECT }).filter({ hasText: 'held' });
    await expect(held.count()).resolves.toBe(1);
    await held.getByRole('link', { name: SUBJECT }).click();
    await expect(page.locator('dl.facts').first().textContent()).resolves.toContain('Sender service@paypa1-secure.com is on the block list');
    await screenshot(page, 'console-blocked-copy');

    await page.getByRole('link', { name: 'Audit log' }).click();
    const log = (await page.locator('main table').textContent()) ?? '';
    expect(log).toContain('release');
    expect(log).toContain('block_add');
    expect(spyHits).toEqual([]);
  });

  it('keeps rule ids and addresses whole in tables at 1,400 px', async () => {
    // The copy the rules judged (the second one was stopped by the block entry, with no rule of its own).
    await page.goto(`${origin}/history?rule=HREF_TEXT_MISMATCH`);
    await page.getByRole('link', { name: SUBJECT }).first().click();
    await page.waitForSelector('#rules-h');
    // A cell's text that fits the column takes one line: one client rectangle per text node.
    const lines = (selector: string) =>
      page.locator(selector).evaluateAll((cells) =>
        cells.map((cell) => {
          const range = (globalThis as unknown as PageGlobals).document.createRange();
          range.selectNodeContents(cell);
          return { text: cell.textContent, lines: new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size };
        }),
      );
    const rules = await lines('table[aria-labelledby="rules-h"] td.nowrap');
    expect(rules.length).toBeGreaterThan(3);
    for (const cell of rules) expect(cell, cell.text ?? '').toMatchObject({ lines: 1 });
    await screenshot(page, 'console-analysis');
    await page.getByRole('link', { name: 'History' }).click();
    const addresses = await lines('td.address');
    expect(addresses.length).toBeGreaterThan(0);
    for (const cell of addresses) expect(cell, cell.text ?? '').toMatchObject({ lines: 1 });
  });

  it('tests a pasted message, and the history shows a new analysis without being reloaded', async () => {
    await page.goto(`${origin}/history?refresh=5`);
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).notReloaded = true));
    await expect(page.locator('#auto-refresh').isChecked()).resolves.toBe(true);
    const reached = await sendRaw(t.port, { from: 'newsletter@shop.test', to: ['bob@acme.test'] }, Buffer.from('From: Shop <newsletter@shop.test>\r\nTo: bob@acme.test\r\nSubject: Autumn catalogue\r\nMessage-ID: <autumn-' + process.pid + '@shop.test>\r\n\r\nOur autumn catalogue is out.\r\n'));
    expect(reached.response).toMatch(/^250/);
    await page.locator('td.subject', { hasText: 'Autumn catalogue' }).waitFor({ timeout: 20_000 });
    await expect(page.evaluate(() => (globalThis as unknown as PageGlobals).notReloaded)).resolves.toBe(true);
    await screenshot(page, 'console-history');

    await page.getByRole('link', { name: 'Test a message' }).click();
    await page.getByLabel('Message source').fill(['From: IT Desk <helpdesk@mail-quota.test>', 'To: bob@acme.test', 'Subject: Mailbox full', '', 'Your mailbox is full. Sign in at http://mail-quota.test/owa to keep your email, or it will be deleted today.'].join('\n'));
    await screenshot(page, 'console-test-message');
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.waitForSelector('.notice');
    await expect(page.locator('.notice').textContent()).resolves.toContain('Message analysed');
    await expect(page.locator('dl.facts').first().textContent()).resolves.toContain('Mailbox full');
    // A safe mail would propose Allow; this one is judged, so the form proposes what its verdict says.
    const verdict = (await page.locator('dl.facts .verdict').first().textContent()) ?? '';
    await expect(page.locator('#sender-allow').isChecked()).resolves.toBe(verdict === 'safe');
    expect(spyHits).toEqual([]);
  });
});
