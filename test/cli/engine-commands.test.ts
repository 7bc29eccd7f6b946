import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, runPhishgate } from '../support/cli.js';

/** `scan` and `train` are reachable through the real command line (their behaviour: test/engine). */
describe('phishgate scan and train on the command line', () => {
  it('scans fixture files and prints one JSON line per message', async () => {
    // The fixtures came through the tenant's MTA mx.example.com: its Authentication-Results are trusted.
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-scan-'));
    writeFileSync(join(dir, 'config.yaml'), 'auth:\n  trusted_authserv_ids: [mx.example.com]\n');
    const result = await runPhishgate(['scan', 'test/fixtures/eml/phish-dhl-ip.eml', 'test/fixtures/eml/legit-paypal-receipt.eml'], { PHISHGATE_CONFIG: join(dir, 'config.yaml') });
    rmSync(dir, { recursive: true, force: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.file.split('/').pop(), l.verdict])).toEqual([
      ['phish-dhl-ip.eml', expect.stringMatching(/suspicious|phishing/)],
      ['legit-paypal-receipt.eml', 'safe'],
    ]);
    expect(lines[0]).toEqual(expect.objectContaining({ score: expect.any(Number), confidence: expect.any(Number), reasons: expect.any(Array), indicators: expect.any(Object), ms: expect.any(Number) }));
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await cli(['scan'], {})).code).toBe(2);
    expect((await cli(['train', '--phish', 'x'], {})).code).toBe(2);
  });

  it('lists every command in --help', async () => {
    const help = (await cli(['--help'], {})).stdout;
    for (const command of ['serve', 'migrate', 'migrate-data', 'tenant create', 'key create', 'retention run', 'scan', 'train']) expect(help).toContain(command);
  });
});
