import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createHarness, type Harness } from '../support/harness.js';
import { browserSkipReason, launchBrowser, recordForeignRequests, screenshot } from '../support/browser.js';

// Proves the browser-test support works on this machine: a real Chromium loads a page from the real HTTP app
// listening on port 0. Console and self-service tests build on the same helpers.
describe.skipIf(!!browserSkipReason)('browser test support (real Chromium)', () => {
  let h: Harness;
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    h = await createHarness();
    origin = await h.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('loads the API document from the app and records no request outside its origin', async () => {
    const page = await browser.newPage();
    const foreign = recordForeignRequests(page, origin);
    const response = await page.goto(`${origin}/v1/openapi.json`);
    expect(response?.status()).toBe(200);
    const body = (await page.textContent('body')) ?? '';
    expect(JSON.parse(body).openapi).toBe('3.1.0');
    await screenshot(page, 'browser-support-openapi');
    expect(foreign.map((r) => r.url())).toEqual([]);
  });
});
