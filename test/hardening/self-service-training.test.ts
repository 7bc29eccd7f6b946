/**
 * One recipient's self-service release does not teach the whole tenant (docs/recipients.md "Self-service
 * links", docs/security.md "Hardening, second round"): a release through a digest link delivers to that
 * recipient and counts for them only; the tenant-wide "genuine" label (the feedback row its model trains
 * on) is written once `self_service.genuine_label_after_recipients` different recipients released the
 * message, and never over an admin's label. Real digests, real self-service page, real SQLite file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { labelledFeedback } from '../../src/services/labelled-feedback.js';
import { DIALECTS } from '../support/dialects.js';
import { startSelfServiceSetup, type SelfServiceSetup } from '../recipients/support/self-service-setup.js';

const delivered = (s: SelfServiceSetup, subject: string) => s.sink.messages.filter((m) => !m.raw.includes('X-Phishgate-Digest') && m.raw.includes(subject)).map((m) => m.rcptTo);

describe.each(DIALECTS)('self-service releases and tenant training (%s)', (dialect) => {
  let s: SelfServiceSetup | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  /** Holds one message for `to`, sends the digests a day later; returns its analysis id and a releaser. */
  async function held(setup: SelfServiceSetup, to: string[], subject: string) {
    const [id] = await setup.hold(to, subject);
    setup.t.h.clock.advance(24 * 3600 * 1000);
    await setup.run();
    const row = await setup.t.h.store.db.selectFrom('quarantined_messages').select(['analysis_id']).where('id', '=', id!).executeTakeFirstOrThrow();
    const release = async (rcpt: string) => {
      const links = await setup.linksOf(rcpt, subject);
      const page = await setup.open(links.release);
      const done = await setup.post(links.release, { csrf: page.csrf!, cookie: page.cookie });
      expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
    };
    const labels = () => setup.t.h.store.db.selectFrom('feedback').select(['label', 'source']).where('analysis_id', '=', row.analysis_id).execute();
    return { analysisId: row.analysis_id, release, labels };
  }

  const trainingSet = async (setup: SelfServiceSetup) => {
    const out: Array<{ analysisId: string; label: string }> = [];
    for await (const item of labelledFeedback({ store: setup.t.h.store }, setup.t.acme, 1000)) out.push({ analysisId: item.analysisId, label: item.label });
    return out;
  };

  it('one recipient of several: delivered to them, no tenant-wide label; a second recipient’s release writes it', async () => {
    s = await startSelfServiceSetup(dialect);
    const m = await held(s, ['bob@acme.test', 'carol@acme.test', 'dan@acme.test'], 'Shared invoice reminder');
    await m.release('bob@acme.test');
    await s.sink.waitFor((msg) => msg.rcptTo.includes('bob@acme.test') && msg.raw.includes('Shared invoice reminder') && !msg.raw.includes('X-Phishgate-Digest'));
    expect(delivered(s, 'Shared invoice reminder')).toEqual([['bob@acme.test']]);
    expect(await m.labels()).toEqual([]);
    expect((await trainingSet(s)).map((x) => x.analysisId)).not.toContain(m.analysisId);

    await m.release('carol@acme.test');
    expect(await m.labels()).toEqual([{ label: 'ham', source: 'self_service' }]);
    expect(await trainingSet(s)).toContainEqual({ analysisId: m.analysisId, label: 'ham' });
    // Dan never released: his share is still held, and the message still is not delivered to him.
    expect(delivered(s, 'Shared invoice reminder').flat()).not.toContain('dan@acme.test');
  });

  it('a sole recipient’s release does not label for the tenant either (the default needs two recipients)', async () => {
    s = await startSelfServiceSetup(dialect);
    const m = await held(s, ['bob@acme.test'], 'Solo parcel notice');
    await m.release('bob@acme.test');
    expect(await m.labels()).toEqual([]);
  });

  it('never overwrites an admin’s label: recipients releasing a message an admin marked phishing leave it phishing', async () => {
    s = await startSelfServiceSetup(dialect);
    const m = await held(s, ['bob@acme.test', 'carol@acme.test'], 'Admin judged lure');
    const acme = { tenant: (await s.t.h.services.tenants.get(s.t.acme))!, livemode: true };
    await s.t.h.services.feedback.recordFeedback(acme, m.analysisId, 'phishing', 'confirmed by the security team', { source: 'console', id: 'key_admin' });
    await m.release('bob@acme.test');
    await m.release('carol@acme.test');
    expect(await m.labels()).toEqual([{ label: 'phishing', source: 'console' }]);
  });

  it('the number of recipients is a setting: with 1, a single release labels (the old behaviour, opt-in)', async () => {
    s = await startSelfServiceSetup(dialect, { genuineAfterRecipients: 1 });
    const m = await held(s, ['bob@acme.test', 'carol@acme.test'], 'Opt-in single release');
    await m.release('bob@acme.test');
    expect(await m.labels()).toEqual([{ label: 'ham', source: 'self_service' }]);
  });

  it('defaults to two recipients, and refuses 0', () => {
    expect(loadConfig({ env: {} }).self_service.genuine_label_after_recipients).toBe(2);
    expect(() => loadConfig({ env: {}, overrides: { self_service: { genuine_label_after_recipients: 0 } } })).toThrow(/self_service\.genuine_label_after_recipients/);
  });
});
