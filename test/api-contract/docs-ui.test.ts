/**
 * The API reference at /docs (docs/api.md): Swagger UI served from phishgate's own files, rendering
 * this server's /v1/openapi.json in a real Chromium without a single request to another origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, recordForeignRequests, screenshot } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';

describe('API reference at /docs', () => {
  let h: Harness;
  let origin: string;
  beforeAll(async () => {
    h = await createHarness();
    origin = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  });
  afterAll(() => h?.close());

  it('serves the page and its assets locally, without a key, pointing at no other origin', async () => {
    const page = await h.call('GET', '/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const [file, type] of [['swagger-ui-bundle.js', /javascript/], ['swagger-ui.css', /text\/css/], ['init.js', /javascript/]] as const) {
      const res = await h.call('GET', `/docs/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
    }
    expect((await h.call('GET', '/docs/init.js')).body).toContain("url: '/v1/openapi.json'");
    expect((await h.call('GET', '/docs/..%2Fpackage.json')).statusCode).toBe(404);
    expect((await h.call('GET', '/docs/index.html')).statusCode).toBe(404);
  });

  it.skipIf(browserSkipReason)('renders every documented operation in Chromium with no foreign request', { timeout: 120_000 }, async () => {
    const document = (await h.call('GET', '/v1/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const foreign = recordForeignRequests(page, origin);
      await page.goto(`${origin}/docs`);
      await page.waitForSelector('.opblock', { timeout: 60_000 });
      expect(await page.locator('.opblock').count()).toBe(operations);
      expect(await page.locator('.info .title').innerText()).toContain('phishgate REST API');
      await screenshot(page, 'api-docs');
      expect(foreign.map((r) => r.url())).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
