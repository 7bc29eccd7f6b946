import pino from 'pino';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGateway, GatewayTemporaryError } from '../../src/services/gateway/gateway.js';
import type { Gateway, GatewayDecision, QuarantineSink } from '../../src/core/gateway.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { rawMessageFromBuffer } from '../../src/mail/spool.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

const mail = (subject: string, body: string, from = 'sender@outside.example') =>
  rawMessageFromBuffer(Buffer.from([`From: ${from}`, 'To: someone@acme.test', `Subject: ${subject}`, '', body, ''].join('\r\n')));
const PHISH_BODY = 'Urgent: verify your account immediately at http://198.51.100.23/login or it will be closed.';

describe.each(DIALECTS)('gateway decisions (%s)', (dialect) => {
  let h: Harness;
  let gateway: Gateway;
  let acme: string;
  let beta: string;
  const stored: GatewayDecision[] = [];
  const sink: QuarantineSink = { store: async (_raw, _env, decision) => (stored.push(decision), ['q_1']) };

  const build = (overrides: Record<string, unknown>) => {
    const config = { ...h.config, gateway: { ...h.config.gateway, ...overrides } };
    return createGateway({ config, analysis: h.services.analysis, findTenant: h.services.tenants.find, parse: parseRawMessage, quarantine: sink, logger: pino({ level: 'silent' }), authentication: h.services.authentication });
  };

  beforeEach(async () => {
    // y.example sends from 192.0.2.1 and publishes DMARC: its mail from there is authenticated.
    h = await createHarness({ dialect, dnsZone: { 'TXT y.example': [['v=spf1 ip4:192.0.2.1 -all']], 'TXT _dmarc.y.example': [['v=DMARC1; p=none']] } });
    acme = (await h.services.tenants.create({ name: 'acme', planCode: 'discovery' })).id;
    beta = (await h.services.tenants.create({ name: 'beta', planCode: 'starter' })).id;
    gateway = build({ domains: { 'acme.test': acme, 'beta.test': beta }, default_tenant: null, tenant_actions: { [beta]: { suspicious: 'reject', phishing: 'reject' } } });
  });
  afterEach(() => h.close());

  it('tags safe mail with the X-Phishgate headers and stores the analysis with source smtp, uncharged', async () => {
    const decision = await gateway.decide(mail('Lunch', 'See you at noon.'), { mailFrom: 'sender@outside.example', rcptTo: ['a@acme.test'] }, 'smtp');
    expect(decision).toMatchObject({ action: 'tag', verdict: 'safe', newSubject: null, reject: null });
    expect(decision.addHeaders.map((x) => x.name)).toEqual(['X-Phishgate-Verdict', 'X-Phishgate-Score', 'X-Phishgate-Analysis-Id', 'X-Phishgate-Reasons', 'Authentication-Results']);
    // No client address in this envelope (no SPF), no signature: only DMARC was checked.
    expect(decision.addHeaders[4]!.value).toBe('phishgate; dmarc=none header.from=outside.example');
    expect(decision.addHeaders[0]!.value).toBe('safe');
    const tenant = (await h.services.tenants.get(acme))!;
    const listed = await h.services.analysis.list({ tenant, livemode: true }, { limit: 10, offset: 0 });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ source: 'smtp', analysis_id: decision.tenants[0]!.analysisId, cost_eur: 0 });
    expect((await h.services.quota.state(tenant)).used).toBe(0);
  });

  it('quarantines phishing by default, tagging the subject for a later release', async () => {
    const decision = await gateway.decide(mail('Account notice', PHISH_BODY), { mailFrom: 'x@y.example', rcptTo: ['a@acme.test'] }, 'milter');
    expect(decision.action).toBe('quarantine');
    expect(decision.verdict).toBe('phishing');
    expect(decision.newSubject).toBe('[PHISHING] Account notice');
    expect(decision.quarantineReason).toMatch(/^phishgate: phishing \(score /);
    expect(await gateway.quarantine(mail('x', 'y'), { mailFrom: '', rcptTo: [] }, decision, 'milter')).toEqual(['q_1']);
  });

  it('analyses once per tenant and applies the strictest action to the whole message', async () => {
    const decision = await gateway.decide(mail('Account notice', PHISH_BODY), { mailFrom: 'x@y.example', rcptTo: ['a@acme.test', 'b@beta.test', 'c@acme.test'] }, 'smtp');
    expect(decision.tenants.map((t) => [t.tenantId, t.recipients, t.action])).toEqual([
      [acme, ['a@acme.test', 'c@acme.test'], 'quarantine'],
      [beta, ['b@beta.test'], 'reject'],
    ]);
    expect(decision.action).toBe('reject');
    expect(decision.reject).toEqual({ code: 550, enhanced: '5.7.1', text: expect.stringContaining('phishing') });
    for (const id of [acme, beta]) {
      const tenant = (await h.services.tenants.get(id))!;
      expect((await h.services.analysis.list({ tenant, livemode: true }, { limit: 10, offset: 0 })).total).toBe(1);
    }
  });

  it('applies the tenant allow list of each tenant separately (on an aligned authentication pass)', async () => {
    const tenant = (await h.services.tenants.get(acme))!;
    await h.services.lists.add({ tenant, livemode: true }, 'allow', { type: 'domain', value: 'y.example' });
    const decision = await gateway.decide(mail('Account notice', PHISH_BODY, 'x@y.example'), { mailFrom: 'x@y.example', rcptTo: ['a@acme.test', 'b@beta.test'], clientAddress: '192.0.2.1' }, 'smtp');
    expect(decision.tenants.map((t) => t.verdict)).toEqual(['safe', 'phishing']);
  });

  it('defers mail for recipients no tenant covers', async () => {
    await expect(gateway.decide(mail('hi', 'there'), { mailFrom: '', rcptTo: ['x@nowhere.test'] }, 'smtp')).rejects.toBeInstanceOf(GatewayTemporaryError);
  });

  it('defers when the configured tenant does not exist', async () => {
    const broken = build({ default_tenant: 'tn_missing' });
    await expect(broken.decide(mail('hi', 'there'), { mailFrom: '', rcptTo: ['x@nowhere.test'] }, 'smtp')).rejects.toThrow(/tn_missing/);
  });

  it('passes oversized mail unscanned, or rejects it when configured', async () => {
    const big = rawMessageFromBuffer(Buffer.alloc(2048, 0x61));
    const passed = await build({ max_message_bytes: 1024 }).decide(big, { mailFrom: '', rcptTo: ['a@acme.test'] }, 'smtp');
    expect(passed).toMatchObject({ action: 'pass', verdict: null, addHeaders: [{ name: 'X-Phishgate-Skipped', value: 'size' }] });
    const rejected = await build({ max_message_bytes: 1024, oversize_action: 'reject' }).decide(big, { mailFrom: '', rcptTo: ['a@acme.test'] }, 'smtp');
    expect(rejected).toMatchObject({ action: 'reject', reject: { code: 552, enhanced: '5.3.4' } });
  });

  it('wraps store failures as temporary errors so mail is retried', async () => {
    // CASCADE on PostgreSQL: webhook events and async jobs reference analyses (SQLite has no such keyword).
    await (dialect === 'postgres' ? sql`DROP TABLE analyses CASCADE` : sql`DROP TABLE analyses`).execute(h.store.db);
    await expect(gateway.decide(mail('hi', 'there'), { mailFrom: '', rcptTo: ['a@acme.test'] }, 'smtp')).rejects.toBeInstanceOf(GatewayTemporaryError);
  });
});
