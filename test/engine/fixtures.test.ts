import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import type { EngineResult } from '../../src/core/analysis.js';
import { createEngine } from '../../src/engine/engine.js';
import type { Engine } from '../../src/engine/types.js';
import { domainOf } from '../../src/core/message.js';
import { headerAuth } from '../../src/mail/auth-headers.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { combineFacts } from '../../src/mail/auth-combine.js';

interface FixtureCase {
  file: string;
  verdicts: string[];
  must_fire?: string[];
  must_not_fire?: string[];
  brand?: string | null;
  reason_contains?: string;
  unwrapped?: string[];
  /** Expected answers of the decision model (result.judgement); only the keys given are checked. */
  judgement?: { claimed?: string | null; sender_is_claimed?: boolean | null; asks?: string[] };
}

const dir = fileURLToPath(new URL('../fixtures/eml/', import.meta.url));
/** manifest.yaml and any manifest-<topic>.yaml beside it, so that separate lines of work add fixtures without editing one file. */
const manifests = readdirSync(dir).filter((name) => /^manifest(-[a-z0-9-]+)?\.yaml$/.test(name)).sort();
const cases = manifests.flatMap((name) => parse(readFileSync(join(dir, name), 'utf8')) as FixtureCase[]);
const ctx = { allowList: [], blockList: [], tenantDomains: ['example.com'], now: Date.parse('2024-03-15T00:00:00Z') };

describe('engine fixtures (test/fixtures/eml/manifest*.yaml)', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ config: loadConfig({ env: {} }).engine, onDetectorError: (id, error) => { throw new Error(`${id}: ${String(error)}`); } });
  });

  /**
   * The fixtures were received by the tenant's own MTAs (authserv-id mx.example.com / mx.example.org), whose
   * Authentication-Results count as a trusted header would (auth.trusted_authserv_ids); nothing is verified here.
   */
  const trust = { trustedIds: ['mx.example.com', 'mx.example.org'], ownId: 'phishgate' };
  const analyse = async (file: string): Promise<EngineResult> => {
    const message = await parseRawMessage(readFileSync(join(dir, file)));
    const authentication = combineFacts({ verified: null, header: headerAuth(message.headers, trust), fromDomain: domainOf(message.from?.address) });
    return engine.analyze(message, { ...ctx, authentication });
  };

  for (const c of cases) {
    it(`${c.file}: ${c.verdicts.join('/')}`, async () => {
      const result = await analyse(c.file);
      const fired = result.rules.filter((r) => r.weight !== 0).map((r) => r.id);
      const summary = `${result.verdict} ${result.score} ${JSON.stringify(result.rules.map((r) => `${r.id} ${r.weight}`))}`;
      expect(c.verdicts, summary).toContain(result.verdict);
      for (const id of c.must_fire ?? []) expect(fired, `${id} must fire; ${summary}`).toContain(id);
      for (const id of c.must_not_fire ?? []) expect(fired, `${id} must not fire; ${summary}`).not.toContain(id);
      if (c.brand !== undefined) expect(result.indicators.brand_spoofing).toBe(c.brand);
      if (c.reason_contains) expect(result.reasons.join('\n')).toContain(c.reason_contains);
      // Reasons and asks quote text as a reader would search for it: composed (NFC), never as the rules split it.
      for (const text of [...result.reasons, ...result.rules.map((r) => r.reason), ...(result.judgement?.asks ?? []).map((a) => a.evidence)]) expect(text).toBe(text.normalize('NFC'));
      for (const url of c.unwrapped ?? []) expect(result.urls.find((u) => u.url === url)?.flags).toContain('unwrapped');
      if (c.judgement) {
        const j = result.judgement;
        expect(j, 'the result carries the judgement').toBeDefined();
        if (c.judgement.claimed !== undefined) expect(j!.claimed_identity?.brand ?? null).toBe(c.judgement.claimed);
        if (c.judgement.sender_is_claimed !== undefined) expect(j!.sender_is_claimed_identity).toBe(c.judgement.sender_is_claimed);
        if (c.judgement.asks) expect(j!.asks.map((a) => a.kind).sort()).toEqual([...c.judgement.asks].sort());
      }
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.score).toBeLessThanOrEqual(1);
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    });
  }
});
