import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_HTML_CSP } from '../../src/mail/safe-html.js';
import { DIALECTS } from '../support/dialects.js';
import { seedQuarantined } from '../support/quarantine.js';
import { mail } from '../smtp/helpers/door.js';
import { startConsoleLab, type ConsoleLab } from './lab.js';
import { signIn, type ConsoleClient } from './support.js';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe.each(DIALECTS)('console pages and actions (%s)', (dialect) => {
  let lab: ConsoleLab;
  let admin: ConsoleClient;
  let reader: ConsoleClient;
  let beta: ConsoleClient;
  let adminKey: string;
  let adminKeyId: string;
  let readerKey: string;
  const call = (url: string, key: string) => lab.app.inject({ url, headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    lab = await startConsoleLab(dialect);
    const { t } = lab;
    const a = await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write', 'admin'] });
    adminKey = a.key;
    adminKeyId = a.keyId;
    readerKey = (await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read'] })).key;
    const betaKey = (await t.h.tenantWithKey({ tenantId: t.beta, scopes: ['read', 'write', 'admin'] })).key;
    for (const tenant of [t.acme, t.beta]) await t.block(tenant, 'phisher@evil.test');
    const invoice = mail({
      from: 'phisher@evil.test',
      subject: `Invoice ${HOSTILE}`,
      headers: ['MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8'],
      body: `<p>Pay <a href="http://evil.test/pay">here</a><img src="http://evil.test/t.gif"></p><script>fetch('http://evil.test/x')</script>\r\n`,
    });
    await seedQuarantined(t.port, { from: 'phisher@evil.test', to: ['bob@acme.test'], message: invoice });
    await seedQuarantined(t.port, { from: 'phisher@evil.test', to: ['bob@acme.test'], subject: 'Second notice' });
    await seedQuarantined(t.port, { from: 'phisher@evil.test', to: ['eve@beta.test'], subject: 'Beta only' });
    expect(await lab.send({ from: 'Alice <alice@sender.test>', subject: 'Lunch on Friday' })).toMatch(/^250/);
    // An API analysis whose rules fire and that imitates a brand.
    const analyzed = await lab.app.inject({
      method: 'POST',
      url: '/v1/analyze',
      headers: { authorization: `Bearer ${adminKey}` },
      payload: {
        subject: 'Your account has been limited',
        from: 'PayPal Service <service@paypa1-secure.com>',
        body_text: 'Please verify your account within 24 hours or it will be closed.',
        body_html: '<p>Please verify your account within 24 hours.</p><a href="http://paypa1-secure.com/signin">https://www.paypal.com/signin</a>',
      },
    });
    expect(analyzed.statusCode).toBe(200);
    admin = await signIn(lab, adminKey);
    reader = await signIn(lab, readerKey);
    beta = await signIn(lab, betaKey);
  });
  afterAll(async () => lab?.close());

  const quarantineIds = async (client: ConsoleClient, query = '') => [...(await client.get(`/quarantine${query}`)).body.matchAll(/href="\/quarantine\/(qm_[A-Za-z0-9]+)"/g)].map((m) => m[1]!);

  it('history lists, filters and escapes; the analysis page shows rules with weights, URLs and authentication', async () => {
    const all = await admin.get('/history');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('Lunch on Friday');
    expect(all.body).not.toContain('Beta only');
    expect(all.body).not.toContain('<script>alert(1)');
    expect(all.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect((await admin.get('/history?verdict=safe')).body).not.toContain('Second notice');
    expect((await admin.get('/history?sender=PHISHER@evil')).body).toContain('Second notice');
    expect((await admin.get('/history?q=second+NOTICE')).body).toMatch(/Second notice/);
    expect((await admin.get('/history?q=second+lunch')).body).toContain('No analysis matches');
    expect((await admin.get('/history?source=api')).body).not.toContain('Second notice');
    expect((await admin.get('/history?brand=PayPal')).body).toContain('Your account has been limited');
    expect((await admin.get('/history?rule=HREF_TEXT_MISMATCH')).body).toContain('Your account has been limited');
    expect((await admin.get('/history?rule=HREF_TEXT_MISMATCH')).body).not.toContain('Lunch on Friday');
    expect((await admin.get('/history?from=2026-11-16')).body).toContain('No analysis matches');
    expect((await admin.get('/history?verdict=bogus')).statusCode).toBe(400);
    expect((await admin.get('/history?rule=x%25')).statusCode).toBe(400);

    const id = /href="\/analyses\/(an_[A-Za-z0-9]+)">Your account has been limited/.exec((await admin.get('/history?brand=PayPal')).body)![1]!;
    const detail = await admin.get(`/analyses/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toMatch(/<td class="mono nowrap">HREF_TEXT_MISMATCH<\/td><td class="num">\d/);
    expect(detail.body).toContain('http://paypa1-secure.com/signin');
    expect(detail.body).toContain('Authentication');
    expect(detail.body).toContain('Webhook events');
    expect(detail.body).toContain('Mark as phishing');
    // Another tenant's analysis does not exist for this session; a read-only key gets no action forms.
    expect((await beta.get(`/analyses/${id}`)).statusCode).toBe(404);
    const readOnly = await reader.get(`/analyses/${id}`);
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.body).not.toContain('Mark as phishing');
  });

  it('feedback and list actions need the CSRF token and the write scope, go through the services and are audited', async () => {
    const id = /href="\/analyses\/(an_[A-Za-z0-9]+)">Lunch on Friday/.exec((await admin.get('/history')).body)![1]!;
    expect((await admin.post('/actions/feedback', { analysis_id: id, label: 'phishing' })).statusCode).toBe(403);
    expect((await reader.post('/actions/feedback', { _csrf: await reader.csrf(), analysis_id: id, label: 'phishing' })).statusCode).toBe(403);
    expect((await beta.post('/actions/feedback', { _csrf: await beta.csrf(), analysis_id: id, label: 'phishing' })).statusCode).toBe(404);
    expect((await call(`/v1/feedback?analysis_id=${id}`, adminKey)).json().data.total).toBe(0);

    const done = await admin.post('/actions/feedback', { _csrf: await admin.csrf(), analysis_id: id, label: 'ham', note: 'colleague', back: `/analyses/${id}` });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/analyses/${id}?done=feedback_ham`);
    const feedback = (await call(`/v1/feedback?analysis_id=${id}`, adminKey)).json().data.items;
    expect(feedback).toMatchObject([{ label: 'ham', source: 'console', actor: adminKeyId, note: 'colleague' }]);
    // A redirect target outside the console's pages is ignored.
    const elsewhere = await admin.post('/actions/feedback', { _csrf: await admin.csrf(), analysis_id: id, label: 'phishing', back: '//evil.example/x' });
    expect(elsewhere.headers.location).toBe(`/analyses/${id}?done=feedback_phishing`);

    expect((await reader.post('/actions/list', { _csrf: await reader.csrf(), list: 'block', type: 'domain', value: 'bad.example' })).statusCode).toBe(403);
    const listed = await admin.post('/actions/list', { _csrf: await admin.csrf(), list: 'block', type: 'domain', value: 'Bad.Example', note: 'seen in console', expires: '2027-01-31' });
    expect(listed.statusCode).toBe(303);
    const entries = (await call('/v1/blocklist', adminKey)).json().data.items as Array<{ value: string; note: string; expires_at: string; id: string }>;
    const entry = entries.find((e) => e.value === 'bad.example')!;
    expect(entry).toMatchObject({ note: 'seen in console', expires_at: '2027-01-31T23:59:59.999Z' });
    expect((await admin.post('/actions/list', { _csrf: await admin.csrf(), list: 'block', type: 'domain', value: 'x', expires: '2020-01-01' })).statusCode).toBe(400);
    const lists = await admin.get('/lists');
    expect(lists.body).toContain('bad.example');
    expect((await beta.get('/lists')).body).not.toContain('bad.example');
    expect((await admin.post(`/lists/block/${entry.id}/delete`, { _csrf: await admin.csrf() })).statusCode).toBe(303);
    expect(((await call('/v1/blocklist', adminKey)).json().data.items as Array<{ value: string }>).map((e) => e.value)).not.toContain('bad.example');

    const audit = (await call('/v1/audit?limit=200', adminKey)).json().data.items as Array<{ action: string; actor_key_id: string; target_id: string }>;
    const actions = audit.filter((e) => e.actor_key_id === adminKeyId).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['feedback_ham', 'feedback_phishing', 'block_add', 'list_remove', 'sign_in']));
    expect(audit.find((e) => e.action === 'feedback_ham')!.target_id).toBe(id);
    const auditPage = await admin.get('/audit');
    expect(auditPage.body).toContain('block_add');
    expect((await reader.get('/audit')).statusCode).toBe(403);
  });

  it('quarantine: search, safe preview with its own CSP, raw download; release, bulk release and delete with scope and CSRF checks', async () => {
    const held = await quarantineIds(admin);
    expect(held).toHaveLength(2);
    expect(await quarantineIds(admin, '?q=second')).toHaveLength(1);
    expect(await quarantineIds(beta)).toHaveLength(1);
    const [first] = await quarantineIds(admin, '?q=invoice');
    const page = await admin.get(`/quarantine/${first}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain(`<iframe class="preview" sandbox="" src="/quarantine/${first}/frame"`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const frame = await admin.get(`/quarantine/${first}/frame`);
    expect(frame.headers['content-security-policy']).toBe(SAFE_HTML_CSP);
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.body).toContain('http://evil.test/pay');
    expect(frame.body).not.toMatch(/<img|<script|href=|src=/i);
    expect((await reader.get(`/quarantine/${first}/frame`)).statusCode).toBe(200);
    expect((await beta.get(`/quarantine/${first}/frame`)).statusCode).toBe(404);
    const raw = await admin.get(`/quarantine/${first}/raw`);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="${first}.eml"`);
    expect(raw.body).toContain('Subject: Invoice');
    expect((await beta.get(`/quarantine/${first}`)).statusCode).toBe(404);
    expect((await beta.get(`/quarantine/${first}/raw`)).statusCode).toBe(404);

    // Release: CSRF, scope, tenant; then the message reaches the next hop and the entry says who released it.
    expect((await admin.post(`/quarantine/${first}/release`, {})).statusCode).toBe(403);
    expect((await reader.post(`/quarantine/${first}/release`, { _csrf: await reader.csrf() })).statusCode).toBe(403);
    expect((await beta.post(`/quarantine/${first}/release`, { _csrf: await beta.csrf() })).statusCode).toBe(404);
    expect(lab.sink.messages.filter((m) => m.raw.toString('latin1').includes('Subject: Invoice'))).toHaveLength(0);
    const released = await admin.post(`/quarantine/${first}/release`, { _csrf: await admin.csrf(), back: `/quarantine/${first}` });
    expect(released.statusCode).toBe(303);
    await lab.sink.waitFor((m) => m.raw.toString('latin1').includes('Invoice'));
    const entry = (await call(`/v1/quarantine/${first}`, adminKey)).json().data;
    expect(entry.released_by).toBe(adminKeyId);
    expect((await admin.post(`/quarantine/${first}/release`, { _csrf: await admin.csrf() })).statusCode).toBe(400);

    // Bulk release of what is left, then delete of a released one.
    const [second] = await quarantineIds(admin, '?q=second');
    expect((await admin.post('/quarantine/bulk-release', { _csrf: await admin.csrf(), id: [second!] })).headers.location).toBe('/quarantine?done=bulk_released');
    await lab.sink.waitFor((m) => m.raw.toString('latin1').includes('Second notice'));
    expect(await quarantineIds(admin)).toHaveLength(0);
    expect(await quarantineIds(admin, '?state=released')).toHaveLength(2);
    expect((await reader.post(`/quarantine/${second}/delete`, { _csrf: await reader.csrf() })).statusCode).toBe(403);
    expect((await admin.post(`/quarantine/${second}/delete`, { _csrf: await admin.csrf() })).statusCode).toBe(303);
    expect((await call(`/v1/quarantine/${second}`, adminKey)).statusCode).toBe(404);
    const audit = (await call('/v1/audit?limit=200', adminKey)).json().data.items as Array<{ action: string; target_id: string }>;
    expect(audit.filter((e) => e.action === 'release').map((e) => e.target_id).sort()).toEqual([first, second].sort());
    expect(audit.find((e) => e.action === 'delete')!.target_id).toBe(second);
  });

  it('overview, usage, keys and webhooks: shown to the scopes that may see them', async () => {
    for (const range of ['24h', '7d', '30d']) {
      const overview = await admin.get(`/?range=${range}`);
      expect(overview.statusCode).toBe(200);
      expect(overview.body).toContain('data-chart=');
      expect(overview.body).toContain('/assets/uplot.js');
    }
    const overview = await admin.get('/');
    expect(overview.body).toContain('HREF_TEXT_MISMATCH');
    expect(overview.body).toContain('PayPal');
    expect((await admin.get('/?range=1y')).statusCode).toBe(400);
    expect((await admin.get('/assets/uplot.js')).statusCode).toBe(200);
    expect((await reader.get('/usage')).body).toContain('Quota used');
    expect((await admin.get('/keys')).body).toContain('svc_live_');
    expect((await reader.get('/keys')).statusCode).toBe(403);
    expect((await admin.get('/webhooks')).statusCode).toBe(200);
    expect((await reader.get('/webhooks')).statusCode).toBe(403);
    expect((await reader.post('/webhooks/wh_x/deliveries/dl_y/redeliver', { _csrf: await reader.csrf() })).statusCode).toBe(403);
    expect((await admin.post('/webhooks/wh_x/deliveries/dl_y/redeliver', { _csrf: await admin.csrf() })).statusCode).toBe(404);
    expect((await admin.post('/webhooks/wh_x/deliveries/dl_y/redeliver', {})).statusCode).toBe(403);
  });

  it('sends every page with the strict headers and no inline script', async () => {
    for (const path of ['/', '/history', '/quarantine', '/lists', '/usage', '/keys', '/webhooks', '/audit']) {
      const response = await admin.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-security-policy'], path).toMatch(/default-src 'none'.*script-src 'self'/);
      expect(response.headers['cache-control'], path).toBe('no-store');
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      for (const tag of response.body.match(/<script[^>]*>/g) ?? []) expect(tag, path).toMatch(/^<script src="\/assets\/[a-z]+\.js" defer>$/);
      expect(response.body, path).not.toMatch(/\son[a-z]+="/i);
      expect(response.body, path).not.toMatch(/style="/);
    }
  });
});
