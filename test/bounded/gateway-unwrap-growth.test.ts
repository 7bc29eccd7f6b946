import { describe, expect, it } from 'vitest';
import { MAX_LINK_CHARS } from '../../src/core/uri.js';
import { unwrapUrl } from '../../src/mail/url-unwrap.js';
import { MAX_GROWTH, growthRatio, maxSizeWithin } from './growth.js';

/**
 * Security-gateway decoding is linear in the URL (docs/detection.md "Security-gateway rewrites"): hostile
 * rewrites made of the tokens each decoder reads (Proofpoint v3's `*` and `**<c>` runs, v2's `-XX` escapes,
 * Cisco's percent escapes, Sophos's base64) grow the work no faster than the input, up to the longest link the
 * engine reads (MAX_LINK_CHARS); a longer one is returned as written.
 */
const hostile: Array<[string, (n: number) => string]> = [
  ['Proofpoint v3 substitution tokens', (n) => `https://urldefense.com/v3/__https://a.example.com/${'*'.repeat(n)}${'**_'.repeat(n)}__;${'QUFB'.repeat(n)}!!x$`],
  ['Proofpoint v3 without its terminator', (n) => `https://urldefense.com/v3/__https://a.example.com/${'__'.repeat(n)}`],
  ['Proofpoint v2 escapes', (n) => `https://urldefense.proofpoint.com/v2/url?u=https-3A__a.example.com_${'-25-'.repeat(n)}&d=x`],
  ['Cisco percent escapes', (n) => `https://secure-web.cisco.com/1tok/https%3A%2F%2Fa.example.com%2F${'%E0%A4%'.repeat(n)}`],
  ['Sophos base64', (n) => `https://eu-west-1.protection.sophos.com/?d=a.example.com&u=${'aHR0cHM6Ly9h'.repeat(n)}&${'i=x&'.repeat(n)}`],
];

describe('gateway unwrapping stays linear on hostile rewrites', () => {
  it.each(hostile)('%s', async (_name, build) => {
    const maxSize = maxSizeWithin(build, MAX_LINK_CHARS);
    // Both sizes must be decoded for the ratio to mean anything: an input over the cap costs nothing.
    expect(build(2 * maxSize).length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    const ratio = await growthRatio(build, (url) => {
      for (let pass = 0; pass < 8; pass++) unwrapUrl(url);
    }, Math.max(1, Math.floor(maxSize / 8)), { maxSize });
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('a link over MAX_LINK_CHARS is returned as written, not decoded', () => {
    const [, build] = hostile.find(([name]) => name === 'Proofpoint v2 escapes')!;
    const over = build(MAX_LINK_CHARS);
    expect(unwrapUrl(over)).toEqual({ url: over, wrappers: [], domainOnly: false, openRedirect: false });
    const real = 'https://urldefense.proofpoint.com/v2/url?u=https-3A__a.example.com_login&d=x';
    expect(unwrapUrl(real).url).toBe('https://a.example.com/login');
  });
});
