import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/domain.js';
import { newId } from '../../src/core/ids.js';
import { createEngine } from '../../src/engine/engine.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { createServices, type Services } from '../../src/services/index.js';
import { readLabelledCorpus } from '../../src/services/learning/base-corpus.js';
import { splitHeldOut } from '../../src/services/learning/tenant-training.js';
import { cli } from '../support/cli.js';
import { createHarness, type Harness } from '../support/harness.js';
import { campaignMessage, internalMessage, reportedPhish, writeBaseCorpus } from './support/learning-fixtures.js';

// Tenant learning end to end on a real SQLite store: feedback kept with its messages, `phishgate feedback
// export`, `phishgate train --tenant` through the CLI, and a running service set (as `serve` has) that
// judges the next message of the same campaign with the new model without being rebuilt.
describe('tenant learning from feedback', () => {
  let h: Harness;
  let dir: string;
  let serving: Services;
  let principal: Principal;
  let env: NodeJS.ProcessEnv;
  const HELD_OUT = campaignMessage(40);

  const judge = async (raw: Buffer) => (await serving.analysis.analyze(principal, await parseRawMessage(raw), { source: 'api', chargeQuota: false })).record;

  /** Labels a message the way reports and releases do: analysed, then labelled with the message kept. */
  async function label(raw: Buffer, label: 'phishing' | 'ham') {
    const { record } = await h.services.analysis.analyze(principal, await parseRawMessage(raw), { source: 'smtp', chargeQuota: false });
    await h.services.feedback.recordFeedback(principal, record.analysis_id, label, null, { source: 'release', id: 'bob@acme.test' }, raw);
  }

  beforeAll(async () => {
    h = await createHarness();
    dir = mkdtempSync(join(tmpdir(), 'phishgate-learning-'));
    writeBaseCorpus(join(dir, 'base'));
    const tenant = await h.services.tenants.create({ name: 'acme', planCode: 'starter' });
    principal = { tenant, livemode: true };
    writeFileSync(
      join(dir, 'config.yaml'),
      `learning:\n  base_corpus: ${join(dir, 'base')}\n  models_dir: ${join(dir, 'models')}\n  min_feedback: 12\n  min_per_label: 5\n  reload_check_s: 0\n`,
    );
    env = { PHISHGATE_CONFIG: join(dir, 'config.yaml'), PHISHGATE_DB: h.databaseUrl, PHISHGATE_LOG_LEVEL: 'error' };
    // The services of a running `serve`: the same store, tenant models looked up in learning.models_dir.
    serving = createServices(
      { store: h.store, clock: h.clock, newId: (p) => newId(p, h.clock.now()) },
      { engine: createEngine({ config: h.config.engine }), retentionDays: h.config.retention.analyses_days, tenantModels: { dir: join(dir, 'models'), checkMs: 0 } },
    );
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to replace the shipped model below the minimum count', async () => {
    for (let i = 0; i < 3; i++) await label(campaignMessage(i), 'ham');
    const run = await cli(['train', '--tenant', principal.tenant.id], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ replaced: false, feedback: { phishing: 0, ham: 3 }, model_path: null });
    expect(run.stderr).toContain('not enough labelled messages');
  });

  it('train --tenant learns the campaign from feedback and serve judges the next message of it with the new model', async () => {
    // The shipped engine holds the contractor's notice back (suspicious or phishing).
    const before = await judge(HELD_OUT);
    const reportedBefore = await judge(reportedPhish(11));
    expect(reportedBefore.verdict).not.toBe('safe');
    expect(before.verdict).not.toBe('safe');

    // The fixture feedback set: the campaign released as legitimate, reported phishing, and a duplicate.
    for (let i = 3; i < 16; i++) await label(campaignMessage(i), 'ham');
    for (let i = 0; i < 8; i++) await label(reportedPhish(i), 'phishing');
    for (let i = 0; i < 4; i++) await label(internalMessage(i), 'ham');
    await label(campaignMessage(3), 'ham');

    const run = await cli(['train', '--tenant', principal.tenant.id], env);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    // Deduplicated: the campaign message labelled twice counts once (16 + 4 ham, 8 phishing).
    expect(report).toMatchObject({ replaced: true, feedback: { phishing: 8, ham: 20, unreadable: 0 }, base: { phishing: 30, ham: 30 } });
    expect(report.held_out).toBeGreaterThanOrEqual(2);
    expect(report.current.model).toBe('default');
    expect(report.candidate.correct).toBeGreaterThanOrEqual(report.current.correct);
    expect(readdirSync(join(dir, 'models'))).toEqual([`${principal.tenant.id}.json`]);

    // No restart: the same services pick the new file up at the next analysis.
    const after = await judge(HELD_OUT);
    expect(after.verdict).toBe('safe');
    expect(after.score).toBeLessThan(before.score);
    // Mail unlike the campaign is still judged as before: reported-style phishing keeps its verdict.
    expect((await judge(reportedPhish(11))).verdict).toBe(reportedBefore.verdict);
  });

  it('feedback export writes the labelled messages as a corpus that training reads back', async () => {
    const out = join(dir, 'export');
    const run = await cli(['feedback', 'export', out, '--tenant', principal.tenant.id], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ messages: 28, phishing: 8, ham: 20 });
    const lines = readFileSync(join(out, 'labels.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(28);
    expect(lines[0]).toMatchObject({ label: expect.stringMatching(/^(phishing|ham)$/), tenant: principal.tenant.id, labelled_by: 'release' });
    for (const line of lines) expect(line.file).toMatch(line.label === 'phishing' ? /^phish\/\d{5}\.eml$/ : /^ham\/\d{5}\.eml$/);
    const read = [];
    for await (const mail of readLabelledCorpus(out, 1 << 20)) read.push(mail);
    expect(read.filter((m) => m.label === 1)).toHaveLength(8);
    expect(read.map((m) => m.sha256).sort()).toEqual(lines.map((l) => l.sha256).sort());
    expect(read.some((m) => m.raw.equals(campaignMessage(5)))).toBe(true);

    // A folder that is not empty is refused (exit 2), nothing overwritten.
    expect((await cli(['feedback', 'export', out], env)).code).toBe(2);
  });

  it('holds out the same messages on every run, some of each label', () => {
    const docs = Array.from({ length: 40 }, (_, i) => ({ label: (i % 4 === 0 ? 1 : 0) as 0 | 1, sha256: `${(i * 2654435761) >>> 0}`.padStart(64, 'a'), features: [] }));
    const first = splitHeldOut(docs, 0.25);
    const again = splitHeldOut([...docs].reverse(), 0.25);
    expect(first.heldOut.map((d) => d.sha256).sort()).toEqual(again.heldOut.map((d) => d.sha256).sort());
    expect(first.heldOut.filter((d) => d.label === 1).length).toBeGreaterThan(0);
    expect(first.heldOut.filter((d) => d.label === 0).length).toBeGreaterThan(0);
    expect(first.heldOut.length + first.train.length).toBe(40);
  });
});
