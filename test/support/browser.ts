import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';

/**
 * Browser tests drive Debian's Chromium (installed by scripts/ci/install-browser.sh) with playwright-core.
 * Where no Chromium exists the tests skip, and `browserSkipReason` says why.
 */
const CANDIDATES = [process.env.PHISHGATE_TEST_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const chromiumPath: string | undefined = CANDIDATES.find((path): path is string => !!path && existsSync(path));

export const browserSkipReason = chromiumPath
  ? undefined
  : 'Chromium not found (install Debian\'s chromium or set PHISHGATE_TEST_CHROMIUM): browser tests skipped';

if (browserSkipReason) console.warn(browserSkipReason);

/** Screenshots are kept as CI artefacts in this git-ignored folder. */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-artifacts', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error(browserSkipReason);
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // Root in CI containers has no user namespaces for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/**
 * `fullPage: false` takes what the viewport shows: headless Chromium leaves out-of-process frames (a
 * sandboxed preview frame) blank in full-page shots.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

/**
 * Records every request the page makes whose URL is not on `allowedOrigin`, so a test can prove that
 * a preview of hostile mail loads nothing from the network.
 */
export function recordForeignRequests(page: Page, allowedOrigin: string): Request[] {
  const foreign: Request[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url === 'about:blank' || url.startsWith(allowedOrigin)) return;
    foreign.push(request);
  });
  return foreign;
}
