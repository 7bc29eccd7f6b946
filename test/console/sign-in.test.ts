import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/core/clock.js';
import { createHarness, type Harness } from '../support/harness.js';
import { DIALECTS } from '../support/dialects.js';
import { consoleClient, signIn } from './support.js';

describe.each(DIALECTS)('console sign-in and sessions (%s)', (dialect) => {
  let h: Harness;
  afterEach(async () => h?.close());

  it('exchanges an API key for an HttpOnly SameSite=Strict session and shows only that tenant and mode', async () => {
    h = await createHarness({ dialect });
    const { key } = await h.tenantWithKey({ mode: 'test', scopes: ['read'] });
    const form = await consoleClient(h).get('/sign-in');
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-security-policy']).toContain("script-src 'self'");
    expect(form.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(form.body).not.toMatch(/<script>|<script [^s]|\son[a-z]+=/i);

    const client = await signIn(h, key);
    const session = client.cookies.get('phishgate_console');
    expect(session).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The database keeps only the token's hash.
    const rows = await h.store.db.selectFrom('console_sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(session);

    const home = await client.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('acme');
    expect(home.body).toContain('mode-test');
    // A read-only key sees no admin pages in the menu.
    expect(home.body).toContain('>History<');
    expect(home.body).not.toContain('>Keys<');
    expect(home.body).not.toContain('>Audit log<');
  });

  it('sets the cookie flags', async () => {
    h = await createHarness({ dialect });
    const { key } = await h.tenantWithKey();
    const client = consoleClient(h);
    const form = await client.get('/sign-in');
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const response = await client.post('/sign-in', { _csrf: token, api_key: key });
    expect(response.statusCode).toBe(303);
    const header = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith('phishgate_console='));
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=43200/);
  });

  it('refuses an unknown or revoked key, a missing form token, and a cross-site post', async () => {
    h = await createHarness({ dialect });
    const { key, keyId } = await h.tenantWithKey();
    const client = consoleClient(h);
    const form = await client.get('/sign-in');
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const bad = await client.post('/sign-in', { _csrf: token, api_key: 'svc_live_' + 'x'.repeat(40) });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toContain('not valid');
    const fresh = /name="_csrf" value="([^"]+)"/.exec(bad.body)![1]!;
    expect((await client.post('/sign-in', { _csrf: 'wrong', api_key: key })).statusCode).toBe(403);
    expect((await client.post('/sign-in', { _csrf: fresh, api_key: key }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await client.post('/sign-in', { _csrf: fresh, api_key: key }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(client.cookies.has('phishgate_console')).toBe(false);
    // Other body types reach no action: a JSON body's non-string values are refused, not crashed on.
    const json = await h.app.inject({ method: 'POST', url: '/sign-in', headers: { cookie: `phishgate_console_signin=${fresh}` }, payload: { _csrf: { x: 1 }, api_key: 5 } });
    expect(json.statusCode).toBe(400);

    const signedIn = await signIn(h, key);
    expect((await signedIn.get('/')).statusCode).toBe(200);
    await h.services.keys.revoke(keyId);
    const after = await signedIn.get('/');
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/sign-in');
    expect(await h.store.db.selectFrom('console_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('ends a session after the idle time and after the absolute time', async () => {
    h = await createHarness({ dialect });
    const { key } = await h.tenantWithKey();
    const idle = await signIn(h, key);
    h.clock.advance(29 * MINUTE_MS);
    expect((await idle.get('/')).statusCode).toBe(200);
    h.clock.advance(29 * MINUTE_MS); // used 29 minutes ago: still alive
    expect((await idle.get('/')).statusCode).toBe(200);
    h.clock.advance(31 * MINUTE_MS);
    expect((await idle.get('/')).headers.location).toBe('/sign-in');

    const busy = await signIn(h, key);
    // Used every 20 minutes for 11 h 40 min: still alive; at 12 h 5 min it has ended anyway.
    for (let i = 0; i < 35; i++) {
      h.clock.advance(20 * MINUTE_MS);
      expect((await busy.get('/')).statusCode).toBe(200);
    }
    h.clock.advance(25 * MINUTE_MS);
    expect((await busy.get('/')).statusCode).toBe(303);
  });

  it('signs out only with the CSRF token, and the session is gone afterwards', async () => {
    h = await createHarness({ dialect });
    const { key } = await h.tenantWithKey();
    const client = await signIn(h, key);
    expect((await client.post('/sign-out', {})).statusCode).toBe(403);
    expect((await client.get('/')).statusCode).toBe(200);
    const out = await client.post('/sign-out', { _csrf: await client.csrf() });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/sign-in');
    expect((await client.get('/')).statusCode).toBe(303);
  });

  it('rate-limits sign-in attempts per client address', async () => {
    h = await createHarness({ dialect, overrides: { console: { sign_in_per_minute: 3 } } });
    const client = consoleClient(h);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const form = await client.get('/sign-in');
      const token = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
      statuses.push((await client.post('/sign-in', { _csrf: token, api_key: 'svc_live_' + 'y'.repeat(40) })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('can be mounted elsewhere and switched off', async () => {
    h = await createHarness({ dialect, overrides: { console: { path: '/console' } } });
    expect((await h.app.inject({ url: '/console/sign-in' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/sign-in' })).statusCode).toBe(404);
    await h.close();
    h = await createHarness({ dialect, overrides: { console: { enabled: false } } });
    expect((await h.app.inject({ url: '/sign-in' })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/' })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/assets/console.css' })).statusCode).toBe(404);
  });
});
