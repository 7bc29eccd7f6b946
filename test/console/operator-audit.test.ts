import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { DIALECTS } from '../support/dialects.js';
import { signIn } from './support.js';

describe.each(DIALECTS)('console operators and the audit log (%s)', (dialect) => {
  let h: Harness;
  afterEach(async () => h?.close());

  async function twoTenants() {
    const mine = await h.tenantWithKey({ scopes: ['read', 'write', 'admin'] });
    const other = await h.tenantWithKey({ scopes: ['read', 'write', 'admin'] });
    await h.services.tenants.update(other.tenantId, { name: 'globex' });
    return { mine, other };
  }

  it('an ordinary key sees only its tenant and cannot switch', async () => {
    h = await createHarness({ dialect });
    const { mine, other } = await twoTenants();
    const client = await signIn(h, mine.key);
    const home = await client.get('/');
    expect(home.body).not.toContain('globex');
    expect(home.body).not.toContain('view-tenant');
    const refused = await client.post('/view', { _csrf: await client.csrf(), tenant: other.tenantId, mode: 'live' });
    expect(refused.statusCode).toBe(403);
    expect((await client.get('/')).body).not.toContain('globex');
  });

  it('an operator key (console.operator_keys) picks any tenant and mode; the switch is audited', async () => {
    h = await createHarness({ dialect });
    const { mine, other } = await twoTenants();
    // The session service reads the loaded configuration's list, as `serve` would after a restart.
    h.config.console.operator_keys.push(mine.keyId);
    const client = await signIn(h, mine.key);
    const home = await client.get('/');
    expect(home.body).toContain('globex');
    expect(home.body).toContain('operator');
    h.clock.advance(1000);
    const switched = await client.post('/view', { _csrf: await client.csrf(), tenant: other.tenantId, mode: 'test' });
    expect(switched.statusCode).toBe(303);
    const now = await client.get('/');
    expect(now.body).toMatch(/<span class="tenant"[^>]*>globex<\/span>/);
    expect(now.body).toContain('mode-test');

    // Removed from the list: back to its own tenant on the next request.
    h.config.console.operator_keys.length = 0;
    expect((await client.get('/')).body).toMatch(/<span class="tenant"[^>]*>acme<\/span>/);

    const audit = await h.call('GET', '/v1/audit', mine.key);
    expect(audit.statusCode).toBe(200);
    const actions = audit.json().data.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['switch_view', 'sign_in']);
  });

  it('GET /v1/audit needs the admin scope and shows only the caller tenant', async () => {
    h = await createHarness({ dialect });
    const { mine, other } = await twoTenants();
    await signIn(h, mine.key);
    const reader = await h.tenantWithKey({ tenantId: mine.tenantId, scopes: ['read'] });
    expect((await h.call('GET', '/v1/audit', reader.key)).statusCode).toBe(403);
    const own = await h.call('GET', '/v1/audit', mine.key);
    expect(own.json().data.total).toBe(1);
    expect(own.json().data.items[0]).toMatchObject({ action: 'sign_in', actor_key_id: mine.keyId, target_type: 'session' });
    expect((await h.call('GET', '/v1/audit', other.key)).json().data.total).toBe(0);
    const spec = (await h.call('GET', '/v1/openapi.json')).json();
    expect(spec.paths['/v1/audit'].get).toBeDefined();
    expect(Object.keys(spec.paths).filter((p) => !p.startsWith('/v1/') && !['/health', '/ready', '/metrics', '/healthz', '/readyz'].includes(p))).toEqual([]);
  });
});
