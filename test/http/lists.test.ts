import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('allow and block lists (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  for (const path of ['/v1/whitelist', '/v1/blocklist']) {
    it(`${path}: adds, normalises, is idempotent, lists and deletes`, async () => {
      const created = await h.call('POST', path, key, { type: 'domain', value: ' Example.COM. ', note: 'partner' });
      expect(created.statusCode).toBe(200);
      const entry = created.json().data;
      expect(entry).toEqual({ id: expect.any(String), type: 'domain', value: 'example.com', note: 'partner', created_at: expect.any(String), expires_at: null, recipient: null });

      const again = await h.call('POST', path, key, { type: 'domain', value: 'example.com' });
      expect(again.json().data.id).toBe(entry.id);
      await h.call('POST', path, key, { type: 'email', value: 'Boss@Example.com' });
      await h.call('POST', path, key, { type: 'domain', value: 'bücher.example' });

      const listed = (await h.call('GET', `${path}?limit=2`, key)).json().data;
      expect(listed.total).toBe(3);
      expect(listed.items).toHaveLength(2);
      const values = (await h.call('GET', path, key)).json().data.items.map((e: { value: string }) => e.value);
      expect(values.sort()).toEqual(['boss@example.com', 'example.com', 'xn--bcher-kva.example']);

      const deleted = await h.call('DELETE', `${path}/${entry.id}`, key);
      expect(deleted.json()).toEqual({ success: true, data: { id: entry.id, deleted: true } });
      const missing = await h.call('DELETE', `${path}/${entry.id}`, key);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
    });
  }

  it.each([
    [{ type: 'domain' }, /value is required/],
    [{ value: 'a.example' }, /type is required/],
    [{ type: 'ip', value: '1.2.3.4' }, /type/],
    [{ type: 'domain', value: 'not a domain' }, /not a valid domain/],
    [{ type: 'domain', value: 'a@b.example' }, /not a valid domain/],
    [{ type: 'email', value: 'nobody' }, /not a valid email/],
    [{ type: 'domain', value: 'a.example', expires_at: 'tomorrow' }, /expires_at: must be a valid ISO 8601 date-time/],
    [{ type: 'domain', value: 'a.example', expires_at: '2020-01-01T00:00:00Z' }, /expires_at must be in the future/],
    [{ type: 'domain', value: 'a.example', colour: 1 }, /unknown field "colour"/],
  ])('refuses %j with 400', async (body, message) => {
    const res = await h.call('POST', '/v1/whitelist', key, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: expect.stringMatching(message) });
  });

  it('stops applying and listing an entry once expires_at passes', async () => {
    const expires_at = new Date(h.clock.now() + DAY_MS).toISOString();
    await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'evil.example', expires_at });
    const fields = { subject: 'hi', from: 'x@evil.example', body_text: 'hello' };
    expect((await h.call('POST', '/v1/analyze', key, fields)).json().data.verdict).toBe('phishing');
    h.clock.advance(DAY_MS + 1);
    expect((await h.call('POST', '/v1/analyze', key, fields)).json().data.verdict).toBe('safe');
    expect((await h.call('GET', '/v1/blocklist', key)).json().data.total).toBe(0);
    // Posting it again creates a fresh entry.
    const again = (await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'evil.example' })).json().data;
    expect(again.expires_at).toBeNull();
  });

  it('matches domain entries on subdomains but not on look-alike suffixes', async () => {
    await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'evil.example' });
    const verdict = async (from: string) => (await h.call('POST', '/v1/analyze', key, { subject: 's', from, body_text: 'b' })).json().data.verdict;
    expect(await verdict('a@mail.evil.example')).toBe('phishing');
    expect(await verdict('a@notevil.example')).toBe('safe');
  });

  it('keeps lists per tenant', async () => {
    const other = await h.tenantWithKey();
    await h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'evil.example' });
    expect((await h.call('GET', '/v1/blocklist', other.key)).json().data.total).toBe(0);
    const id = (await h.call('GET', '/v1/blocklist', key)).json().data.items[0].id;
    expect((await h.call('DELETE', `/v1/blocklist/${id}`, other.key)).statusCode).toBe(404);
  });
});

describe.each(DIALECTS)('concurrent list writes (%s)', (dialect) => {
  it('answers 20 simultaneous identical POSTs with one and the same entry', async () => {
    const h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    try {
      const { key } = await h.tenantWithKey();
      const results = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', '/v1/blocklist', key, { type: 'domain', value: 'race.example' })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
      expect((await h.call('GET', '/v1/blocklist', key)).json().data.total).toBe(1);
    } finally {
      await h.close();
    }
  });
});
