import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { dkimRecord, mail, rsaKey, signDkim } from '../support/auth-fixtures.js';

const key = rsaKey();
const ZONE = { ...dkimRecord('partner.test', 's1', key), 'TXT _dmarc.partner.test': [['v=DMARC1; p=quarantine']] };
const raw = () => mail({ From: 'Partner <news@partner.test>', To: 'bob@acme.test', Subject: 'Quarterly report', 'Message-ID': '<q@partner.test>' });

describe('POST /v1/analyze: authentication', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('verifies the DKIM signature of raw_email, also for an asynchronous analysis', async () => {
    h = await createHarness({ dnsZone: ZONE });
    const { key: apiKey } = await h.tenantWithKey();
    const raw_email = Buffer.from(await signDkim(raw(), 'partner.test', 's1', key)).toString('base64');
    const sync = (await h.call('POST', '/v1/analyze', apiKey, { raw_email })).json().data;
    expect(sync.authentication.dkim).toEqual([expect.objectContaining({ result: 'pass', domain: 'partner.test', selector: 's1', algorithm: 'rsa-sha256', aligned: true, provenance: 'verified' })]);
    expect(sync.authentication.dmarc).toMatchObject({ result: 'pass', policy: 'quarantine', provenance: 'verified' });

    const queued = (await h.call('POST', '/v1/analyze', apiKey, { raw_email, async: true })).json().data;
    await h.asyncRunner.drain();
    const stored = (await h.call('GET', `/v1/analyses/${queued.analysis_id}`, apiKey)).json().data;
    expect(stored.authentication.dkim[0]).toMatchObject({ result: 'pass', provenance: 'verified' });
  });

  it('refuses a client_ip that is not an address and a mail_from that is not an address', async () => {
    h = await createHarness({ dnsZone: ZONE });
    const { key: apiKey } = await h.tenantWithKey();
    const base = { subject: 's', from: 'a@partner.test', body_text: 'x' };
    const bad = await h.call('POST', '/v1/analyze', apiKey, { ...base, client_ip: 'mx.example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/client_ip/);
    expect((await h.call('POST', '/v1/analyze', apiKey, { ...base, mail_from: 'not an address' })).statusCode).toBe(400);
    expect((await h.call('POST', '/v1/analyze', apiKey, { ...base, mail_from: '' })).statusCode).toBe(200);
  });
});
