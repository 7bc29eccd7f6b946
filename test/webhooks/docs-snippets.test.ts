import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src/services/webhooks/signature.js';
import { ROOT } from '../support/cli.js';

/** The verification snippets customers copy from docs/webhooks.md, run against phishgate's own signer. */
const DOC = readFileSync(join(ROOT, 'docs', 'webhooks.md'), 'utf8');
const snippet = (name: string): string => {
  const match = new RegExp(`<!-- snippet:${name} -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(DOC);
  if (!match) throw new Error(`snippet ${name} not found in docs/webhooks.md`);
  return match[1]!;
};

const SECRET = 'whsec_docs_0123456789abcdef';
const NOW_MS = Date.parse('2026-11-15T12:00:00.000Z');
const BODY = JSON.stringify({ id: 'evt_1', type: 'analysis.completed', data: { analysis: { subject: 'Ünïcode ✓' } } });
const CASES = [
  { name: 'valid', secret: SECRET, header: signatureHeader(SECRET, BODY, NOW_MS), body: BODY, now: NOW_MS / 1000 + 10, expected: true },
  { name: 'tampered body', secret: SECRET, header: signatureHeader(SECRET, BODY, NOW_MS), body: BODY.replace('1', '2'), now: NOW_MS / 1000, expected: false },
  { name: 'wrong secret', secret: `${SECRET}x`, header: signatureHeader(SECRET, BODY, NOW_MS), body: BODY, now: NOW_MS / 1000, expected: false },
  { name: 'older than 5 minutes', secret: SECRET, header: signatureHeader(SECRET, BODY, NOW_MS), body: BODY, now: NOW_MS / 1000 + 301, expected: false },
  { name: 'malformed header', secret: SECRET, header: 'v1=abc', body: BODY, now: NOW_MS / 1000, expected: false },
];

const dir = mkdtempSync(join(tmpdir(), 'phishgate-snippets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe('signature verification snippets in docs/webhooks.md', () => {
  it('Node.js snippet accepts phishgate signatures and rejects forgeries and stale timestamps', () => {
    const file = join(dir, 'verify.mjs');
    writeFileSync(
      file,
      `${snippet('node')}\nconst cases = JSON.parse(process.argv[2]);\nconsole.log(JSON.stringify(cases.map((c) => verifyPhishgateSignature(c.secret, c.header, Buffer.from(c.body, 'utf8'), c.now))));\n`,
    );
    const out = execFileSync(process.execPath, [file, JSON.stringify(CASES)], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(CASES.map((c) => c.expected));
  });

  it.skipIf(!hasPython)('Python snippet does the same', () => {
    const file = join(dir, 'verify.py');
    writeFileSync(
      file,
      `${snippet('python')}\nimport json, sys\ncases = json.loads(sys.argv[1])\nprint(json.dumps([verify_phishgate_signature(c["secret"], c["header"], c["body"].encode("utf-8"), c["now"]) for c in cases]))\n`,
    );
    const out = execFileSync('python3', [file, JSON.stringify(CASES)], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(CASES.map((c) => c.expected));
  });
});
