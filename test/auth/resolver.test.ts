import { createSocket } from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { budgetedResolve, createCachedResolve, createNodeResolve } from '../../src/services/authentication/resolver.js';
import { startStubDnsServer, stubResolve } from '../support/stub-dns.js';

describe('Node resolver on configured servers (a stub DNS server on loopback)', () => {
  it('answers TXT, A and MX, and reports NXDOMAIN as ENOTFOUND', async () => {
    const long = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;
    const server = await startStubDnsServer({ 'TXT a.test': [['v=spf1 -all']], 'TXT k._domainkey.a.test': [[long]], 'A mx.a.test': ['192.0.2.25'], 'MX a.test': [{ exchange: 'mx.a.test', priority: 10 }] });
    try {
      const resolve = createNodeResolve({ servers: [server.address], timeoutMs: 2000 });
      expect(await resolve('a.test', 'TXT')).toEqual([['v=spf1 -all']]);
      expect(((await resolve('k._domainkey.a.test', 'TXT')) as string[][])[0]!.join('')).toBe(long);
      expect(await resolve('mx.a.test', 'A')).toEqual(['192.0.2.25']);
      expect(await resolve('a.test', 'MX')).toEqual([{ exchange: 'mx.a.test', priority: 10 }]);
      await expect(resolve('nothing.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    } finally {
      await server.close();
    }
  });

  it('gives up after the per-lookup timeout with ETIMEOUT (a server that never answers)', async () => {
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const resolve = createNodeResolve({ servers: [`127.0.0.1:${silent.address().port}`], timeoutMs: 200 });
      const started = Date.now();
      await expect(resolve('slow.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.close();
    }
  });
});

describe('cache', () => {
  it('keeps answers for the TTL, negative answers for the negative TTL, and never temporary failures', async () => {
    let now = 0;
    const base = stubResolve({ 'TXT a.test': [['x']] }, { 'TXT down.test': 'ETIMEOUT' });
    const cached = createCachedResolve(base, { entries: 10, ttlMs: 1000, negativeTtlMs: 100, now: () => now });
    await cached('a.test', 'TXT');
    await cached('A.TEST.', 'TXT');
    await expect(cached('none.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(cached('none.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(cached('down.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    await expect(cached('down.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(base.queries).toEqual(['TXT a.test', 'TXT none.test', 'TXT down.test', 'TXT down.test']);
    now = 500; // negative entry expired, positive one not
    await cached('a.test', 'TXT');
    await expect(cached('none.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(base.queries.length).toBe(5);
    expect(cached.stats()).toMatchObject({ hits: 3, misses: 5 });
  });

  it('is bounded: the least recently used entry goes first', async () => {
    const zone = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`TXT n${i}.test`, [['x']]]));
    const base = stubResolve(zone);
    const cached = createCachedResolve(base, { entries: 3, ttlMs: 60_000, negativeTtlMs: 0 });
    for (const i of [0, 1, 2]) await cached(`n${i}.test`, 'TXT');
    await cached('n0.test', 'TXT'); // n0 becomes most recent
    await cached('n3.test', 'TXT'); // evicts n1
    await cached('n0.test', 'TXT');
    await cached('n1.test', 'TXT');
    expect(base.queries).toEqual(['TXT n0.test', 'TXT n1.test', 'TXT n2.test', 'TXT n3.test', 'TXT n1.test']);
    expect(cached.stats().entries).toBe(3);
  });

  it('shares one query between concurrent lookups of the same name', async () => {
    const base = stubResolve({ 'TXT a.test': [['x']] });
    const cached = createCachedResolve(base, { entries: 10, ttlMs: 1000, negativeTtlMs: 0 });
    await Promise.all([cached('a.test', 'TXT'), cached('a.test', 'TXT'), cached('a.test', 'TXT')]);
    expect(base.queries).toEqual(['TXT a.test']);
  });
});

describe('per-message budget', () => {
  it('fails lookups past the budget with a temporary error', async () => {
    const resolve = budgetedResolve(stubResolve({ 'TXT a.test': [['x']] }), 2);
    await resolve('a.test', 'TXT');
    await resolve('a.test', 'TXT');
    await expect(resolve('a.test', 'TXT')).rejects.toMatchObject({ code: 'EBUDGET' });
    expect(resolve.used()).toBe(3);
  });
});
