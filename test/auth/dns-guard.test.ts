import dns from 'node:dns';
import { promises as dnsPromises } from 'node:dns';
import { describe, expect, it } from 'vitest';

describe('test guard: no real DNS lookups', () => {
  it('makes module-level lookups, system resolvers and non-local names throw', async () => {
    await expect(dnsPromises.resolveTxt('example.com')).rejects.toThrow(/real DNS lookup/);
    await expect(new dnsPromises.Resolver().resolve('example.com', 'TXT')).rejects.toThrow(/real DNS lookup/);
    await expect(dnsPromises.lookup('example.com')).rejects.toThrow(/real DNS lookup/);
    await expect(new Promise((resolve, reject) => dns.lookup('example.org', (error) => (error ? reject(error) : resolve(null))))).rejects.toThrow(/real DNS lookup/);
    const resolver = new dnsPromises.Resolver();
    resolver.setServers(['192.0.2.53']);
    await expect(resolver.resolveTxt('example.com')).rejects.toThrow(/real DNS lookup/);
  });

  it('still lets tests use localhost and IP literals', async () => {
    expect((await dnsPromises.lookup('127.0.0.1')).address).toBe('127.0.0.1');
    expect((await dnsPromises.lookup('localhost')).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
