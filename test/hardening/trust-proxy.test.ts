/**
 * `http.trust_proxy` (docs/security.md "Reverse proxy"): X-Forwarded-For is believed only from the
 * proxies the setting names (a number of hops, or addresses/CIDRs), so a client that rotates the header
 * does not get a fresh console sign-in allowance per made-up address. `true` (believe anyone) is refused
 * at load. Real phishgate HTTP server on port 0, real clients from distinct loopback source addresses,
 * and a real forwarding proxy on port 0 that appends the peer address as nginx's
 * `$proxy_add_x_forwarded_for` does.
 */
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

const LIMIT = 3;
const ATTEMPTS = 6;

/** One POST /sign-in from `localAddress` with the given X-Forwarded-For; resolves with the status. */
function postSignIn(port: number, forwardedFor: string | null, localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = `api_key=svc_live_${'y'.repeat(40)}`;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) };
    if (forwardedFor !== null) headers['x-forwarded-for'] = forwardedFor;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/sign-in', method: 'POST', headers, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A reverse proxy like nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: it
 * appends the address its client connected from, and connects to phishgate from 127.0.0.1.
 */
async function startAppendingProxy(upstreamPort: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((inbound, outbound) => {
    const peer = inbound.socket.remoteAddress!.replace(/^::ffff:/, '');
    const earlier = inbound.headers['x-forwarded-for'];
    const headers = { ...inbound.headers, 'x-forwarded-for': earlier ? `${earlier}, ${peer}` : peer };
    const upstream = httpRequest({ host: '127.0.0.1', port: upstreamPort, path: inbound.url, method: inbound.method, headers, localAddress: '127.0.0.1', agent: false }, (res) => {
      outbound.writeHead(res.statusCode ?? 502, res.headers);
      res.pipe(outbound);
    });
    upstream.on('error', () => outbound.writeHead(502).end());
    inbound.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const rotating = (i: number) => `198.51.100.${i + 1}`;

describe('http.trust_proxy at load', () => {
  const load = (trust_proxy: unknown) => loadConfig({ env: {}, overrides: { http: { trust_proxy } } });

  it('refuses true, naming the forms that replace it', () => {
    expect(() => load(true)).toThrow(/http\.trust_proxy: true is no longer accepted.*number of proxies.*\(e\.g\. 1\).*addresses\/CIDRs/);
  });

  it('accepts false, a number of hops and proxy addresses/CIDRs; refuses a malformed address', () => {
    expect(load(false).http.trust_proxy).toBe(false);
    expect(load(1).http.trust_proxy).toBe(1);
    expect(load(['127.0.0.1', '10.0.0.0/8', '::1/128']).http.trust_proxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1/128']);
    expect(() => load(['10.0.0.0/33'])).toThrow(/http\.trust_proxy\[0\]: "10\.0\.0\.0\/33" is not an IP network/);
    expect(() => load(0)).toThrow(/http\.trust_proxy/);
    expect(() => load([])).toThrow(/http\.trust_proxy/);
  });
});

describe.each(DIALECTS)('console sign-in limit behind http.trust_proxy (%s)', (dialect) => {
  let h: Harness | undefined;
  let proxy: { close: () => Promise<void> } | undefined;
  afterEach(async () => {
    await proxy?.close();
    await h?.app.close();
    await h?.close();
    proxy = undefined;
    h = undefined;
  });

  async function serve(trustProxy: unknown): Promise<number> {
    h = await createHarness({ dialect, overrides: { http: { trust_proxy: trustProxy }, console: { sign_in_per_minute: LIMIT } } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    return (h.app.server.address() as AddressInfo).port;
  }

  const limited = (statuses: number[]) => statuses.filter((s) => s === 429).length;

  it('named proxy address: an untrusted peer rotating X-Forwarded-For is limited by its own address', async () => {
    const port = await serve(['127.0.0.1']);
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) statuses.push(await postSignIn(port, rotating(i), '127.0.0.2'));
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    expect(limited(statuses)).toBe(ATTEMPTS - LIMIT);
    // Another real client keeps its own allowance: the limit is per client, not global.
    expect(await postSignIn(port, null, '127.0.0.3')).not.toBe(429);
  });

  it('named proxy address: through the proxy, the client address it appends counts, not the rotated entries', async () => {
    const port = await serve(['127.0.0.1']);
    const front = await startAppendingProxy(port);
    proxy = front;
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) statuses.push(await postSignIn(front.port, rotating(i), '127.0.0.4'));
    expect(limited(statuses)).toBe(ATTEMPTS - LIMIT);
    // The proxy's own address is not what is limited: another client through it still gets in.
    expect(await postSignIn(front.port, rotating(99), '127.0.0.5')).not.toBe(429);
  });

  it('one hop: through the proxy, rotating X-Forwarded-For does not reset the limit', async () => {
    const port = await serve(1);
    const front = await startAppendingProxy(port);
    proxy = front;
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) statuses.push(await postSignIn(front.port, `${rotating(i)}, ${rotating(i + 50)}`, '127.0.0.6'));
    expect(limited(statuses)).toBe(ATTEMPTS - LIMIT);
    expect(await postSignIn(front.port, rotating(0), '127.0.0.7')).not.toBe(429);
  });
});
