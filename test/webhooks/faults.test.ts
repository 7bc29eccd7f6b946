import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { closedPort, ok, redirect, reset, stall, startReceiver, status, streaming, type Behaviour, type Receiver } from './support/receiver.js';
import { addWebhook, analyzeSafe, onlyDelivery, SECRET } from './support/setup.js';

describe.each(DIALECTS)('receiver faults are attempts, never crashes (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  let receiver: Receiver;
  let target: Receiver;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { webhooks: { timeout_ms: 500, max_response_bytes: 1024 } } });
    key = (await h.tenantWithKey()).key;
    receiver = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
    target = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
  });
  afterEach(async () => {
    await receiver.close();
    await target.close();
    await h.close();
  });

  it('records refused connections, DNS and TLS failures, redirects, error statuses, timeouts, huge and endless bodies, resets', async () => {
    const byPath: Record<string, Behaviour> = {
      '/ok': ok,
      '/redirect': redirect(`${target.url}?followed=yes`),
      '/404': status(404, 'no such hook'),
      '/503': status(503),
      '/stall': stall,
      '/huge': streaming(500, 5 * 1024 * 1024),
      '/endless': streaming(200, Number.POSITIVE_INFINITY),
      '/reset': reset,
    };
    receiver.respond((req, res, hold) => byPath[req.url ?? '']!(req, res, hold));
    const base = `http://127.0.0.1:${receiver.port}`;
    const cases: Array<[string, string, Partial<{ status_code: number | null; succeeded: boolean; error: RegExp | null; excerpt: number | string | null }>]> = [
      ['ok', `${base}/ok`, { status_code: 200, succeeded: true, error: null, excerpt: 'ok' }],
      ['refused', `http://127.0.0.1:${await closedPort()}/hook`, { status_code: null, error: /^connection refused by 127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/ }],
      ['dns', 'http://phishgate-webhook-test.invalid/hook', { status_code: null, error: /^DNS lookup failed for phishgate-webhook-test\.invalid/ }],
      ['tls', `https://127.0.0.1:${receiver.port}/ok`, { status_code: null, error: /^TLS error: wrong version number \(EPROTO\)$/ }],
      ['redirect', `${base}/redirect`, { status_code: 302, error: /^redirect not followed \(Location: http:\/\/127\.0\.0\.1:\d+\/hook\?followed=yes\)$/ }],
      ['404', `${base}/404`, { status_code: 404, error: /^receiver answered HTTP 404$/, excerpt: 'no such hook' }],
      ['503', `${base}/503`, { status_code: 503, error: /^receiver answered HTTP 503$/, excerpt: null }],
      ['timeout', `${base}/stall`, { status_code: null, error: /^timed out after 500 ms without a response$/ }],
      ['huge', `${base}/huge`, { status_code: 500, error: /^receiver answered HTTP 500$/, excerpt: 1024 }],
      // A 2xx is an acceptance whatever follows; only the first bytes are ever read.
      ['endless', `${base}/endless`, { status_code: 200, succeeded: true, error: null, excerpt: 1024 }],
      ['reset', `${base}/reset`, { status_code: null, error: /^connection reset by 127\.0\.0\.1:\d+ \(ECONNRESET\)$/ }],
    ];
    const ids = new Map<string, string>();
    for (const [name, url] of cases) ids.set(name, await addWebhook(h, key, url));

    await analyzeSafe(h, key);
    await h.worker.drain();

    for (const [name, , expected] of cases) {
      const delivery = await onlyDelivery(h, key, ids.get(name)!);
      expect(delivery.attempts, name).toHaveLength(1);
      const attempt = delivery.attempts[0]!;
      expect(delivery.status, name).toBe(expected.succeeded ? 'succeeded' : 'pending');
      expect(attempt.succeeded, name).toBe(expected.succeeded ?? false);
      expect(attempt.status_code, name).toBe(expected.status_code);
      if (expected.error === null) expect(attempt.error, name).toBeNull();
      else expect(attempt.error, name).toMatch(expected.error!);
      if (typeof expected.excerpt === 'number') expect(attempt.response_excerpt, name).toBe('x'.repeat(expected.excerpt));
      else if (expected.excerpt !== undefined) expect(attempt.response_excerpt, name).toBe(expected.excerpt);
      expect(attempt.duration_ms, name).toBeGreaterThanOrEqual(0);
    }
    // Redirects are never followed.
    expect(target.received).toHaveLength(0);

    // The worker is still healthy: the next event reaches the good endpoint.
    const before = receiver.received.filter((r) => r.path === '/ok').length;
    await analyzeSafe(h, key);
    await h.worker.drain();
    expect(receiver.received.filter((r) => r.path === '/ok')).toHaveLength(before + 1);
  });
});

/** A throwaway self-signed certificate, or null where openssl is missing. */
function selfSignedCertificate(): { key: string; cert: string } | null {
  const dir = mkdtempSync(join(tmpdir(), 'phishgate-tls-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const certificate = selfSignedCertificate();

describe.each(DIALECTS)('TLS certificates (%s)', (dialect) => {
  it.skipIf(!certificate)('are verified: a self-signed receiver is a failed attempt that never sees the event', async () => {
    const h = await createHarness({ dialect });
    let requests = 0;
    const server = https.createServer(certificate!, (_req, res) => {
      requests += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const key = (await h.tenantWithKey()).key;
      const id = await addWebhook(h, key, `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
      await analyzeSafe(h, key);
      await h.worker.drain();
      const attempt = (await onlyDelivery(h, key, id)).attempts[0]!;
      expect(attempt).toMatchObject({ succeeded: false, status_code: null, error: expect.stringMatching(/^TLS error: self[- ]signed certificate \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/) });
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await h.close();
    }
  });
});

describe.each(DIALECTS)('a slow receiver (%s)', (dialect) => {
  let h: Harness;
  let slow: Receiver;
  let fast: Receiver;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { webhooks: { per_endpoint_concurrency: 1 } } });
    slow = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
    fast = await startReceiver({ secret: SECRET, now: () => h.clock.now() });
  });
  afterEach(async () => {
    await slow.close();
    await fast.close();
    await h.close();
  });

  it("holds one slot of its own, slows neither analyses nor other tenants' deliveries", async () => {
    const a = (await h.tenantWithKey()).key;
    const b = (await h.tenantWithKey()).key;
    slow.respond(stall);
    await addWebhook(h, a, slow.url);
    await addWebhook(h, b, fast.url);
    h.worker.start();

    await analyzeSafe(h, a);
    await slow.waitFor(1);
    // Analyses answer while the slow receiver holds its request.
    for (let i = 0; i < 3; i++) await analyzeSafe(h, a);
    const fromB = await analyzeSafe(h, b);
    const [delivered] = await fast.waitFor(1);
    expect(delivered!.json.data.analysis.analysis_id).toBe(fromB.analysis_id);
    // Per-endpoint concurrency 1: the other three of tenant A wait their turn.
    expect(slow.received).toHaveLength(1);

    slow.respond(ok);
    slow.releaseStalled();
    await slow.waitFor(4);
    await h.worker.drain();
    expect(new Set(slow.received.map((r) => r.json.id)).size).toBe(4);
  });

  it('is cut off when the shutdown grace period ends: a failed attempt, retried after the restart', async () => {
    const { key } = await h.tenantWithKey();
    slow.respond(stall);
    const id = await addWebhook(h, key, slow.url);
    await analyzeSafe(h, key);
    const draining = h.worker.drain();
    await slow.waitFor(1);
    await h.worker.stop(10);
    await draining;
    const delivery = await onlyDelivery(h, key, id);
    expect(delivery).toMatchObject({ status: 'pending', attempt_count: 1, next_attempt_at: '2026-11-15T12:00:30.000Z' });
    expect(delivery.attempts[0]!.error).toMatch(/^connection reset by 127\.0\.0\.1:\d+ \(ECONNRESET\)$/);
  });
});
