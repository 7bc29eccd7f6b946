import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { cli } from '../support/cli.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe.each(DIALECTS)('digest preferences API (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect, overrides: { rate_limit: { per_second: 1000, burst: 1000 } } });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  it("sets, reads, lists and forgets a recipient's frequency", async () => {
    const put = await h.call('PUT', '/v1/digests/preferences/Bob@ACME.test', key, { frequency: 'weekly', weekday: 5, hour: 17, time_zone: 'Europe/Berlin' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ recipient: 'bob@acme.test', frequency: 'weekly', hour: 17, weekday: 5, time_zone: 'Europe/Berlin', created_at: expect.any(String), updated_at: expect.any(String) });
    await h.call('PUT', '/v1/digests/preferences/carol@acme.test', key, { frequency: 'never' });
    const changed = (await h.call('PUT', '/v1/digests/preferences/bob@acme.test', key, { frequency: 'hourly' })).json().data;
    expect(changed).toMatchObject({ frequency: 'hourly', hour: null, weekday: null, time_zone: null });
    expect((await h.call('GET', '/v1/digests/preferences/bob@acme.test', key)).json().data.frequency).toBe('hourly');
    const list = (await h.call('GET', '/v1/digests/preferences?limit=1', key)).json().data;
    expect([list.total, list.items[0].recipient]).toEqual([2, 'bob@acme.test']);
    expect((await h.call('DELETE', '/v1/digests/preferences/bob@acme.test', key)).json().data).toEqual({ recipient: 'bob@acme.test', deleted: true });
    expect((await h.call('GET', '/v1/digests/preferences/bob@acme.test', key)).statusCode).toBe(404);
    const other = await h.tenantWithKey();
    expect((await h.call('GET', '/v1/digests/preferences', other.key)).json().data.total).toBe(0);
  });

  it.each([
    [{ frequency: 'monthly' }, 'frequency: must be one of never, hourly, daily, weekly'],
    [{ frequency: 'daily', hour: 24 }, 'hour: must be <= 23'],
    [{ frequency: 'daily', time_zone: 'Mars/Olympus' }, 'time_zone: "Mars/Olympus" is not a known time zone'],
    [{ frequency: 'daily', colour: 'red' }, 'unknown field "colour" in body'],
  ])('refuses %j', async (body, message) => {
    const res = await h.call('PUT', '/v1/digests/preferences/bob@acme.test', key, body);
    expect([res.statusCode, res.json().error.message]).toEqual([400, message]);
  });

  it('refuses a bad address and a key without write scope', async () => {
    expect((await h.call('PUT', '/v1/digests/preferences/nobody', key, { frequency: 'daily' })).json().error.message).toBe('recipient: "nobody" is not a valid email address');
    const reader = (await h.tenantWithKey({ scopes: ['read'] })).key;
    expect((await h.call('PUT', '/v1/digests/preferences/bob@acme.test', reader, { frequency: 'daily' })).statusCode).toBe(403);
  });

  it("shows the tenant's settings and is in the OpenAPI document", async () => {
    expect((await h.call('GET', '/v1/digests/settings', key)).json().data).toEqual({ frequency: 'daily', hour: 8, weekday: 1, time_zone: 'UTC', language: 'en', admin_addresses: [], admin_frequency: 'daily' });
    const doc = (await h.call('GET', '/v1/openapi.json')).json();
    expect(Object.keys(doc.paths['/v1/digests/preferences/{recipient}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/v1/digests/settings'])).toEqual(['get']);
  });
});

describe('digest configuration', () => {
  it.each([
    [{ schedule: 'every minute' }, 'digests.schedule: "every minute" is not a cron expression'],
    [{ public_url: 'ftp://x.example' }, 'digests.public_url: "ftp://x.example" must be an http(s) URL without credentials'],
    [{ defaults: { time_zone: 'Nowhere/Else' } }, 'digests.defaults.time_zone: "Nowhere/Else" is not a known time zone'],
    [{ tenants: { tn_1: { language: 'nl' } } }, 'digests.tenants.tn_1.language'],
  ])('refuses %j', (digests, message) => {
    expect(() => loadConfig({ env: {}, overrides: { digests } })).toThrow(message);
  });

  it('`phishgate digests run` sends what is due and prints a report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phishgate-digests-'));
    try {
      const result = await cli(['digests', 'run'], { PHISHGATE_DB: join(dir, 'db.sqlite') });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ tenants: 0, digests: 0, admin_digests: 0, messages: 0, failed: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
