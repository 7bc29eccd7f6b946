import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/**
 * The SMTP door's peer address, without XFORWARD, reaches the block-list query (docs/reputation.md "What is
 * looked up"). A test client on this machine connects from loopback, which is never sent to a list; so the
 * door runs in a private network namespace (`unshare`, root or user namespaces needed) whose loopback also
 * carries 192.0.2.7, and the client connects from that address (fixtures/peer-door.ts). Nothing leaves the
 * namespace: it has no other interface.
 */
function runInNamespace(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = 'ip link set lo up && ip addr add 192.0.2.7/32 dev lo && exec "$0" --import tsx --import ./test/setup/no-real-dns.ts test/reputation/fixtures/peer-door.ts';
  const child = spawn('unshare', ['--map-root-user', '--net', 'sh', '-c', script, process.execPath], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Whether this machine can make such a namespace (util-linux `unshare`, iproute2 `ip`, root or unprivileged
 * user namespaces): a user's fresh machine may have neither, and the test then skips saying why.
 */
function namespaceUnavailable(): string | null {
  const probe = spawnSync('unshare', ['--map-root-user', '--net', 'sh', '-c', 'ip link set lo up && ip addr add 192.0.2.7/32 dev lo'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return `unshare cannot run here (${probe.error.message})`;
  if (probe.status !== 0) return `no private network namespace here (unshare --map-root-user --net, ip): ${probe.stderr.trim().split('\n')[0] ?? `exit ${probe.status}`}`;
  return null;
}
const unavailable = namespaceUnavailable();
if (unavailable) console.warn(`skipping the SMTP peer-address test: ${unavailable}`);

describe.skipIf(unavailable !== null)('SMTP door: the peer address without XFORWARD', () => {
  it('is the address queried on the IP zone (reversed octets) and its listing is a reason; the Received: address is not queried', async () => {
    const run = await runInNamespace();
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as { reply: string; queries: string[]; reasons: string[] | null };
    expect(result.reply).toMatch(/^250 .*scanned \(an_/);
    expect(result.queries.filter((q) => q.endsWith('.zen.spamhaus.org'))).toEqual(['A 7.2.0.192.zen.spamhaus.org']);
    expect(result.reasons).toContain('connecting client 192.0.2.7 is listed on zen.spamhaus.org (Spamhaus XBL: exploited or botnet host)');
  }, 120_000);
});
