import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../support/postfix-instance.js';
import { startDoor, type RunningDoor } from './helpers/door.js';
import { createTestGateway, type TestGateway } from './helpers/test-gateway.js';

const MILTERTEST = findExecutable('miltertest');
const SCRIPTS = fileURLToPath(new URL('./miltertest', import.meta.url));
if (!MILTERTEST) {
  console.warn('miltertest tests skipped: `miltertest` is not installed (Debian package miltertest; CI installs it with scripts/ci/install-mail-tools.sh)');
}

function runScript(script: string, port: number, offer: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(MILTERTEST!, ['-D', `PORT=${port}`, '-D', `DIR=${SCRIPTS}`, '-D', `OFFER=${offer}`, '-s', `${SCRIPTS}/${script}`]);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Debian's miltertest (OpenDKIM) plays the MTA against the real door; each script fails on the first wrong reply. */
describe.skipIf(!MILTERTEST)('miltertest drives the door', () => {
  let door: RunningDoor;
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = createTestGateway();
    door = await startDoor(gateway);
  });
  afterAll(async () => {
    await door.server.close({ graceMs: 1000 });
  });

  // "none": the MTA offers no protocol options, so every step is answered; "postfix": Postfix 3.7's offer,
  // so the door negotiates no-reply steps and skips DATA/UNKNOWN.
  const cases = ['tag', 'reject', 'hold', 'tempfail', 'abort'].flatMap((name) => [
    [name, 'none'],
    [name, 'postfix'],
  ]);

  it.each(cases)('%s.lua (offer: %s)', async (name, offer) => {
    const before = gateway.decided.length;
    const { code, output } = await runScript(`${name}.lua`, door.port, offer);
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining(`${name} OK`) });
    expect(gateway.decided.length).toBeGreaterThan(before);
  });

  it('the door saw the forged headers the tag script sent (and rebuilt the message from the events)', () => {
    const tagged = gateway.decided.find((d) => d.raw.includes('[tag] invoice'));
    expect(tagged?.raw).toMatch(/^From: ?alice@sender.test\r\nTo: ?bob@rcpt.test\r\nSubject: ?\[tag\] invoice\r\nX-Phishgate-Verdict: ?safe\r\n/);
    expect(tagged?.envelope).toMatchObject({ mailFrom: 'alice@sender.test', rcptTo: ['bob@rcpt.test'], clientAddress: '192.0.2.7', clientHelo: 'client.example' });
  });
});
