/**
 * Bad input on the REST API's lists (docs/security.md "List entries"): an entry that covers a whole
 * public suffix is refused, and an allow entry never makes another sender a look-alike.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

describe.each(DIALECTS)('list input (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    key = (await h.tenantWithKey()).key;
  });
  afterEach(() => h.close());

  it.each([
    ['domain', 'com', /public suffix/],
    ['domain', 'co.uk', /public suffix/],
    ['domain', 'github.io', /public suffix/],
    ['domain', 'example', /single label/],
    ['domain', '192.0.2.1', /IP address/],
    ['domain', 'paypal.com/login', /not a valid domain/],
    ['domain', 'pay pal.com', /not a valid domain/],
    ['email', 'ceo@com', /public suffix/],
    ['email', 'root@localhost', /single label/],
  ])('refuses %s entry %s on both lists', async (type, value, why) => {
    for (const list of ['/v1/whitelist', '/v1/blocklist']) {
      const res = await h.call('POST', list, key, { type, value });
      expect(res.statusCode, `${list} ${value}`).toBe(400);
      expect(res.json().error.message).toMatch(why);
    }
  });

  it('accepts registered domains and addresses under them', async () => {
    for (const [type, value] of [['domain', 'paypal.com'], ['domain', 'mail.example.co.uk'], ['email', 'billing@partner.example'], ['domain', 'someone.github.io']]) {
      const res = await h.call('POST', '/v1/whitelist', key, { type, value });
      expect(res.statusCode, `${value}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('after a refused `com` entry, PayPal phishing is still judged (not safe 0)', async () => {
    expect((await h.call('POST', '/v1/whitelist', key, { type: 'domain', value: 'com' })).statusCode).toBe(400);
    const res = await h.call('POST', '/v1/analyze', key, {
      subject: 'Your PayPal account is limited',
      from: 'PayPal <service@paypal-account-check.com>',
      body_text: 'Your account has been suspended. Verify your password immediately at http://198.51.100.23/paypal/login or your account will be closed within 24 hours.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.verdict).toBe('phishing');
  });

  it('allow-listing bpartner.example does not make partner.example a look-alike', async () => {
    const mail = { subject: 'Invoice 2291', from: 'Partner billing <billing@partner.example>', body_text: 'Hello, please find our invoice for November attached. Regards, Partner' };
    const before = (await h.call('POST', '/v1/analyze', key, mail)).json().data;
    expect((await h.call('POST', '/v1/whitelist', key, { type: 'domain', value: 'bpartner.example' })).statusCode).toBeLessThan(300);
    const after = (await h.call('POST', '/v1/analyze', key, mail)).json().data;
    expect(after.reasons.join('\n')).not.toMatch(/imitates/);
    expect(after.score).toBe(before.score);
  });
});
