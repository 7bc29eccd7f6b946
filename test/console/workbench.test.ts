/**
 * The console's working views (docs/console.md, "Overview", "Test a message", "Acting on a message"):
 * verdict share and sending domains on the overview, live throughput, the test-a-message box through
 * the real analysis service, list forms that propose Allow on a safe mail, and the links table naming a
 * text-versus-target mismatch. Through the real door app on a real store file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendingDomain } from '../../src/services/history.js';
import { textTargetMismatch } from '../../src/http/console/preview.js';
import { seedQuarantined } from '../support/quarantine.js';
import { mail } from '../smtp/helpers/door.js';
import { startConsoleLab, type ConsoleLab } from './lab.js';
import { signIn, type ConsoleClient } from './support.js';

const checkedList = (body: string, prefix: string) => /id="([a-z]+)-(allow|block)"[^>]*checked/.exec(body.slice(body.indexOf(`id="${prefix}-value"`)))?.[2];

describe('console workbench', () => {
  let lab: ConsoleLab;
  let admin: ConsoleClient;
  let reader: ConsoleClient;
  let adminKey: string;

  beforeAll(async () => {
    lab = await startConsoleLab('sqlite');
    const { t } = lab;
    adminKey = (await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read', 'write', 'admin'] })).key;
    const readerKey = (await t.h.tenantWithKey({ tenantId: t.acme, scopes: ['read'] })).key;
    await t.block(t.acme, 'phisher@evil.test');
    await seedQuarantined(t.port, { from: 'phisher@evil.test', to: ['bob@acme.test'], message: mail({ from: 'phisher@evil.test', subject: 'Held one', headers: ['MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8'], body: '<p><a href="http://collect.evil.test/x">https://www.paypal.com/signin</a></p>\r\n' }) });
    expect(await lab.send({ from: 'Alice <alice@sender.test>', subject: 'Lunch on Friday' })).toMatch(/^250/);
    expect(await lab.send({ from: 'Bob <bob@sender.test>', subject: 'Minutes' })).toMatch(/^250/);
    admin = await signIn(lab, adminKey);
    reader = await signIn(lab, readerKey);
  });
  afterAll(async () => lab?.close());

  it('the overview shows the verdict share, the sending domains with their verdicts and the live throughput', async () => {
    const body = (await admin.get('/')).body;
    expect(body).toMatch(/<svg class="share"[^>]*>(<rect [^>]*fill="#[0-9a-f]{6}"><\/rect>)+<\/svg>/);
    expect(body).toMatch(/verdict-safe">safe<\/span> 2 \(66\.7 %\)/);
    expect(body).toMatch(/verdict-phishing">phishing<\/span> 1 \(33\.3 %\)/);
    const domains = body.slice(body.indexOf('id="domains-h"'));
    expect(domains).toMatch(/sender=sender\.test">sender\.test<\/a><\/td><td class="num">2<\/td><td class="num">0<\/td><td class="num">0<\/td><td class="num">2<\/td>/);
    expect(domains).toMatch(/evil\.test<\/a><\/td><td class="num">1<\/td><td class="num">1<\/td>/);
    expect(body).toMatch(/Analyses in the last 5 minutes<\/dt><dd data-live="throughput">3 \(0\.6 per minute\)/);
    expect(body).toContain('data-auto-refresh="30"');
    expect((await admin.get('/?refresh=2')).statusCode).toBe(400);
  });

  it('sendingDomain reads the registrable domain of a stored From value and refuses what is not an address', () => {
    expect(sendingDomain('Alice <alice@mail.news.example.co.uk>')).toBe('example.co.uk');
    expect(sendingDomain('bob@Example.COM')).toBe('example.com');
    expect(sendingDomain('no address here')).toBe('');
    expect(sendingDomain('x@<script>')).toBe('');
  });

  it('the list forms propose Allow on a safe mail and Block on anything else', async () => {
    const history = (await admin.get('/history')).body;
    const safeId = /href="\/analyses\/(an_[A-Za-z0-9]+)">Lunch on Friday/.exec(history)![1]!;
    const heldId = /href="\/analyses\/(an_[A-Za-z0-9]+)">Held one/.exec(history)![1]!;
    const safe = (await admin.get(`/analyses/${safeId}`)).body;
    expect(checkedList(safe, 'sender')).toBe('allow');
    expect(checkedList(safe, 'domain')).toBe('allow');
    expect(safe).toContain('value="alice@sender.test" size="24"');
    const held = (await admin.get(`/analyses/${heldId}`)).body;
    expect(checkedList(held, 'sender')).toBe('block');
  });

  it('the links table names a text-versus-target mismatch, and not a link that leads where it says', async () => {
    expect(textTargetMismatch('https://www.paypal.com/signin', 'http://collect.evil.test/x')).toBe('text shows www.paypal.com, leads to collect.evil.test');
    expect(textTargetMismatch('www.example.com', 'https://news.example.com/a')).toBeNull();
    expect(textTargetMismatch('Read more', 'http://collect.evil.test/x')).toBeNull();
    const list = (await admin.get('/quarantine')).body;
    const id = /href="\/quarantine\/(qm_[A-Za-z0-9]+)"/.exec(list)![1]!;
    expect((await admin.get(`/quarantine/${id}`)).body).toContain('<span class="flag flag-danger">text shows www.paypal.com, leads to collect.evil.test</span>');
  });

  it('test a message: analysed by the real service, recorded, audited; what is not a message is refused in words', async () => {
    expect((await reader.get('/test')).statusCode).toBe(403);
    const form = await admin.get('/test');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('data-fills="test-raw"');
    const csrf = await admin.csrf();
    expect((await admin.post('/test', { raw: 'From: a@b.test\r\n\r\nhi' })).statusCode).toBe(403);
    const binary = await admin.post('/test', { _csrf: csrf, raw: '\u0089PNG\r\n\u001a\n\u0000\u0000' });
    expect(binary.statusCode).toBe(400);
    expect(binary.body).toContain('this is not an email message');
    expect((await admin.post('/test', { _csrf: csrf, raw: '   ' })).statusCode).toBe(400);
    const raw = [
      'From: PayPal Service <service@paypa1-secure.com>',
      'To: bob@acme.test',
      'Subject: Your account has been limited',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Your PayPal account has been limited. Verify your account within 24 hours or it will be closed.</p><p><a href="http://paypa1-secure.com/signin">https://www.paypal.com/signin</a></p>',
    ].join('\r\n');
    const done = await admin.post('/test', { _csrf: csrf, raw });
    expect(done.statusCode).toBe(303);
    const location = done.headers.location as string;
    expect(location).toMatch(/^\/analyses\/an_[A-Za-z0-9]+\?done=tested$/);
    const analysis = (await admin.get(location)).body;
    expect(analysis).toContain('Message analysed');
    expect(analysis).toMatch(/verdict-(phishing|suspicious)/);
    expect(analysis).toContain('HREF_TEXT_MISMATCH');
    const audit = (await lab.app.inject({ url: '/v1/audit?limit=50', headers: { authorization: `Bearer ${adminKey}` } })).json().data.items as Array<{ action: string; target_id: string }>;
    expect(audit.find((e) => e.action === 'test_message')?.target_id).toBe(/an_[A-Za-z0-9]+/.exec(location)![0]);
  });
});
