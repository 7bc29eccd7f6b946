/**
 * Webhooks are not a server-side request forgery (docs/webhooks.md "Targets"): internal targets are
 * refused at registration when the URL shows them, and at every delivery on the address the name
 * resolves to then, with the connection pinned to that checked address (DNS rebinding). Names resolve
 * through a stub (tests never reach the public DNS); the receiver is a real HTTP server on loopback,
 * holding the kind of secret an internal admin endpoint would answer with.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../../src/services/webhooks/target-policy.js';
import { forbiddenAddress } from '../../src/services/webhooks/target-policy.js';
import { insertWebhook } from '../../src/store/repositories/webhooks.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startReceiver, status, type Receiver } from '../webhooks/support/receiver.js';
import { analyzeSafe, deliveriesOf, SECRET } from '../webhooks/support/setup.js';

const ADMIN_SECRET = '{"admin_token":"sk_internal_0123456789"}';

const REFUSED_AT_REGISTRATION = [
  'http://127.0.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://localhost:6379/',
  'http://0x7f.1/',
  'http://2130706433/',
  'http://017700000001/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::1]/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.100.100.200/',
  'http://224.0.0.1/',
  'http://0.0.0.0/',
  'https://intranet/',
  'http://printer.local/',
];

describe('target policy (addresses)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['ff02::1', 'multicast'],
  ])('%s is %s', (address, category) => {
    expect(forbiddenAddress(address)).toBe(category);
  });
  it.each(['93.184.216.34', '2606:4700:4700::1111', '8.8.8.8'])('%s is public', (address) => {
    expect(forbiddenAddress(address)).toBeNull();
  });
});

describe.each(DIALECTS)('webhook targets (%s)', (dialect) => {
  let h: Harness;
  let key: string;
  let receiver: Receiver;
  let answers: Record<string, ResolvedAddress[][]>;
  let lookups: string[];
  const setUp = async (allowPrivate: boolean) => {
    answers = {};
    lookups = [];
    h = await createHarness({
      dialect,
      overrides: { webhooks: { allow_private_targets: allowPrivate, timeout_ms: 2000 } },
      // A stub resolver whose answer changes from one lookup to the next, as a rebinding attacker's does.
      webhookLookup: async (host) => {
        lookups.push(host);
        const queue = answers[host];
        if (!queue?.length) throw Object.assign(new Error(`no stub answer for ${host}`), { code: 'ENOTFOUND' });
        return queue.length > 1 ? queue.shift()! : queue[0]!;
      },
    });
    key = (await h.tenantWithKey()).key;
  };
  beforeEach(async () => {
    receiver = await startReceiver({ secret: SECRET, now: () => Date.now() });
    receiver.respond(status(200, ADMIN_SECRET));
  });
  afterEach(async () => {
    await h?.close();
    await receiver.close();
  });

  it('refuses internal targets at registration, in every spelling, with a 400 that names only the category', async () => {
    await setUp(false);
    for (const url of REFUSED_AT_REGISTRATION) {
      const res = await h.call('POST', '/v1/webhooks', key, { url, events: ['analysis.completed'], secret: SECRET });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toMatch(/webhook target not allowed \((loopback|link-local|unique-local|private|carrier-grade NAT|multicast|unspecified) address|internal host name/);
    }
    const ok = await h.call('POST', '/v1/webhooks', key, { url: 'https://hooks.partner.example/phishgate', events: ['analysis.completed'], secret: SECRET });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('checks the resolved address at delivery time: a name that now points at loopback is refused, nothing is sent, nothing echoed', async () => {
    await setUp(false);
    // Public when registered (no lookup happens then), loopback when the delivery is made.
    answers['hooks.rebind.example'] = [[{ address: '127.0.0.1', family: 4 }]];
    const res = await h.call('POST', '/v1/webhooks', key, { url: `http://hooks.rebind.example:${receiver.port}/hook`, events: ['analysis.completed'], secret: SECRET });
    expect(res.statusCode, res.body).toBe(200);
    const webhookId = res.json().data.id;
    await analyzeSafe(h, key);
    await h.worker.drain();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(h, key, webhookId);
    const attempt = delivery!.attempts[0]!;
    expect(attempt).toMatchObject({ succeeded: false, status_code: null, response_excerpt: null });
    expect(attempt.error).toMatch(/^target not allowed \(hooks\.rebind\.example resolves to a loopback address; set webhooks\.allow_private_targets/);
    expect(attempt.error).not.toContain('127.0.0.1');
    expect(JSON.stringify(delivery)).not.toContain('sk_internal');
  });

  it('refuses a name answering a public and a private address together', async () => {
    await setUp(false);
    answers['mixed.example'] = [[{ address: '93.184.216.34', family: 4 }, { address: '169.254.169.254', family: 4 }]];
    const res = await h.call('POST', '/v1/webhooks', key, { url: 'http://mixed.example/hook', events: ['analysis.completed'], secret: SECRET });
    const webhookId = res.json().data.id;
    await analyzeSafe(h, key);
    await h.worker.drain();
    const [delivery] = await deliveriesOf(h, key, webhookId);
    expect(delivery!.attempts[0]!.error).toMatch(/resolves to a link-local address/);
  });

  it('an internal endpoint stored before the policy existed is refused at delivery; its answer never reaches the delivery log', async () => {
    await setUp(false);
    const tenant = (await h.services.tenants.list())[0]!;
    const webhookId = 'wh_legacy0000000000000000';
    await insertWebhook(h.store.db, { tenantId: tenant.id, livemode: true }, { id: webhookId, url: `http://0x7f.1:${receiver.port}/admin`, events: ['analysis.completed'], createdAt: new Date(h.clock.now()).toISOString() }, SECRET);
    await analyzeSafe(h, key);
    await h.worker.drain();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(h, key, webhookId);
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null, response_excerpt: null });
    expect(delivery!.attempts[0]!.error).toMatch(/target not allowed \(loopback address/);
  });

  it('with allow_private_targets, delivers to an internal receiver over the address it looked up once (pinned), not a second lookup', async () => {
    await setUp(true);
    // First answer is the receiver; any later lookup would answer an unroutable address.
    answers['receiver.internal.example'] = [[{ address: '127.0.0.1', family: 4 }], [{ address: '192.0.2.1', family: 4 }]];
    const res = await h.call('POST', '/v1/webhooks', key, { url: `http://receiver.internal.example:${receiver.port}/hook`, events: ['analysis.completed'], secret: SECRET });
    expect(res.statusCode, res.body).toBe(200);
    await analyzeSafe(h, key);
    await h.worker.drain();
    const [got] = await receiver.waitFor(1);
    expect(got!.headers.host).toBe(`receiver.internal.example:${receiver.port}`);
    expect(lookups).toEqual(['receiver.internal.example']);
  });
});
