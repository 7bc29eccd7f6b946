import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock.js';
import { noAuthentication } from '../../src/core/authentication.js';
import type { Principal } from '../../src/core/domain.js';
import { newId } from '../../src/core/ids.js';
import { emptyMessage, type NormalizedMessage } from '../../src/core/message.js';
import { createEngineFromConfig } from '../../src/engine/create.js';
import { loadConfig } from '../../src/config/loader.js';
import { createServices, type Services } from '../../src/services/index.js';
import { retentionSteps } from '../../src/services/retention.js';
import { DIALECTS } from '../support/dialects.js';
import { createHarness, type Harness } from '../support/harness.js';

/**
 * The tenant's own sender history (docs/reputation.md "Sender history") on a real store: SQLite always,
 * PostgreSQL when PHISHGATE_TEST_PG_URL is set. A sequence of analyses, labels and a release moves the
 * aggregate row; the rules read it.
 */
const config = loadConfig({ env: {}, overrides: { reputation: { history: { enabled: true, min_messages: 5 } } } });

function newsletter(i: number, authenticated = true): NormalizedMessage {
  return {
    ...emptyMessage(),
    subject: `Weekly garden notes ${i}`,
    from: { name: 'Garden Notes', address: 'news@garden-notes.test' },
    to: [{ name: '', address: 'anna@example.com' }],
    text: 'Hello Anna,\n\nthis week: pruning roses, planting garlic and a recipe for green tomato chutney.\n\nHappy gardening!\n',
    ...(authenticated && { authentication: { ...noAuthentication(), dmarc: { result: 'pass', domain: 'garden-notes.test', policy: 'none', provenance: 'verified' } } }),
  } as NormalizedMessage;
}

describe.each(DIALECTS)('sender history (%s)', (dialect) => {
  let h: Harness;
  let services: Services;
  let principal: Principal;
  const lastRules = new Map<string, Array<{ id: string; reason: string }>>();
  beforeEach(async () => {
    h = await createHarness({ dialect, now: '2026-12-01T08:00:00.000Z' });
    // The services `serve` builds with reputation.history.enabled (main.ts), over the harness's real store.
    services = createServices(
      { store: h.store, clock: h.clock, newId: (p) => newId(p, h.clock.now()) },
      { engine: createEngineFromConfig(config), retentionDays: 30, senderHistory: true, afterCommit: [(stored, _p, result) => void lastRules.set(stored.analysis_id, result.rules as Array<{ id: string; reason: string }>)] },
    );
    principal = { tenant: await services.tenants.create({ name: 'acme', planCode: 'enterprise', quotaLimit: null }), livemode: true };
  });
  afterEach(() => h.close());

  const row = () => h.store.db.selectFrom('sender_history').selectAll().where('domain', '=', 'garden-notes.test').executeTakeFirst();
  const analyse = async (message: NormalizedMessage) => {
    const outcome = await services.analysis.analyze(principal, message, { source: 'api', chargeQuota: false });
    const rules = lastRules.get(outcome.record.analysis_id)!;
    return { id: outcome.record.analysis_id, verdict: outcome.record.verdict, rules, reasons: outcome.record.reasons };
  };

  it('each analysis counts once; after min_messages clean ones the record is evidence of genuineness', async () => {
    const first = await analyse(newsletter(0));
    expect(first.rules.map((r) => r.id)).not.toContain('SENDER_HISTORY_CLEAN');
    expect(await row()).toMatchObject({ first_seen: '2026-12-01T08:00:00.000Z', messages: 1, reported: 0, released: 0 });
    for (let i = 1; i < 5; i++) {
      h.clock.advance(DAY_MS);
      expect((await analyse(newsletter(i))).rules.map((r) => r.id)).not.toContain('SENDER_HISTORY_CLEAN');
    }
    const judgedSafe = Number((await row())!.judged_safe);
    expect(await row()).toMatchObject({ first_seen: '2026-12-01T08:00:00.000Z', last_seen: '2026-12-05T08:00:00.000Z' });
    expect(Number((await row())!.messages)).toBe(5);
    const sixth = await analyse(newsletter(5));
    expect(sixth.rules.find((r) => r.id === 'SENDER_HISTORY_CLEAN')?.reason).toBe('5 earlier mails from garden-notes.test, none reported');
    expect(Number((await row())!.judged_safe)).toBe(judgedSafe + (sixth.verdict === 'safe' ? 1 : 0));
    // Not without aligned authentication: anyone can write "From: news@garden-notes.test".
    const forged = await analyse(newsletter(6, false));
    expect(forged.rules.map((r) => r.id)).not.toContain('SENDER_HISTORY_CLEAN');
  });

  it('a report stops the record counting; changing the label to a release moves it back', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await analyse(newsletter(i))).id);
    await services.feedback.recordFeedback(principal, ids[2]!, 'phishing', null, { source: 'api', id: null });
    expect(await row()).toMatchObject({ reported: 1, released: 0 });
    expect((await analyse(newsletter(7))).rules.map((r) => r.id)).not.toContain('SENDER_HISTORY_CLEAN');
    // The latest label replaces the first: a release as not phishing.
    await services.feedback.recordFeedback(principal, ids[2]!, 'ham', null, { source: 'release', id: null });
    expect(await row()).toMatchObject({ reported: 0, released: 1 });
    expect((await analyse(newsletter(8))).rules.find((r) => r.id === 'SENDER_HISTORY_CLEAN')?.reason).toBe('7 earlier mails from garden-notes.test, none reported');
  });

  it('a brand claim from a domain never seen before is "first mail from this domain"; the second is not', async () => {
    const lure = (): NormalizedMessage => ({
      ...emptyMessage(),
      subject: 'PayPal: your account',
      from: { name: 'PayPal Service', address: 'service@pp-notices.test' },
      to: [{ name: '', address: 'anna@example.com' }],
      text: 'Dear customer,\n\nyour PayPal account statement is available.\n',
    });
    const first = await analyse(lure());
    expect(first.rules.find((r) => r.id === 'SENDER_FIRST_CONTACT')?.reason).toBe('first mail from pp-notices.test to your organisation (it presents itself as PayPal)');
    const second = await analyse(lure());
    expect(second.rules.map((r) => r.id)).not.toContain('SENDER_FIRST_CONTACT');
    // Without a brand claim a first mail is just a first mail.
    expect((await analyse(newsletter(0))).rules.map((r) => r.id)).not.toContain('SENDER_FIRST_CONTACT');
  });

  it('retention forgets a domain not seen within the analyses\' period', async () => {
    await analyse(newsletter(0));
    h.clock.advance(29 * DAY_MS);
    const steps = retentionSteps(h.store, { analysesDays: 30, senderHistory: true });
    const prune = steps.find((s) => s.name === 'sender_history')!;
    expect(await prune.deleteBatch(h.clock.now(), 100)).toBe(0);
    h.clock.advance(2 * DAY_MS);
    expect(await prune.deleteBatch(h.clock.now(), 100)).toBe(1);
    expect(await row()).toBeUndefined();
    expect(retentionSteps(h.store, { analysesDays: 30 }).map((s) => s.name)).not.toContain('sender_history');
  });

  it('off (the default), nothing is written and the rules are not registered', async () => {
    const off = createServices({ store: h.store, clock: h.clock, newId: (p) => newId(p, h.clock.now()) }, { engine: createEngineFromConfig(loadConfig({ env: {} })), retentionDays: 30 });
    const result = await off.analysis.analyze(principal, newsletter(0), { source: 'api', chargeQuota: false });
    expect(result.record.verdict).toBeDefined();
    expect(await row()).toBeUndefined();
  });
});
