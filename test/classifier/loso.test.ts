import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { trainModel, type TrainingDoc } from '../../src/engine/classifier/train.js';
import { loadCorpora } from '../../scripts/lib/corpus.js';
import { buildReport } from '../../scripts/lib/loso-report.js';
import { foldKey, losoFolds, prepare, runLoso, type Fold } from '../../scripts/lib/loso.js';

/** A small synthetic corpus in the labels.jsonl layout: four sources, two of them one owner's repositories. */
const dir = mkdtempSync(join(tmpdir(), 'phishgate-loso-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SOURCES = [
  { source: 'acme/lists@abc1234:m', label: 'ham', text: 'the build of the driver failed on the board, patch attached for review' },
  { source: 'acme/archive@def5678:m', label: 'ham', text: 'minutes of the meeting about the timing of the release and the board' },
  { source: 'bounces/set@0000001:maildir/x.eml', label: 'ham', text: 'delivery to the following recipient failed permanently, mailbox unknown' },
  { source: 'trap/pot@1111111:email/s.eml', label: 'phishing', text: 'verify your account now or it will be suspended, confirm your password' },
  { source: 'old/corpus@2222222:phishing.mbox#1', label: 'phishing', text: 'your bank account is locked, sign in to restore access and update billing' },
];
const lines: string[] = [];
mkdirSync(join(dir, 'ham'));
mkdirSync(join(dir, 'phish'));
let n = 0;
for (const s of SOURCES) {
  for (let k = 0; k < 4; k++) {
    n++;
    const file = `${s.label === 'ham' ? 'ham' : 'phish'}/${String(n).padStart(5, '0')}.eml`;
    const raw = `From: sender${k}@${s.source.split('/')[0]}.example\nTo: someone@phishing.example\nReceived: from mx.collector.example\nSubject: message ${k}\n\n${s.text} variant ${'abcdefgh'[k]}\nReach me at phishing@pot\n`;
    writeFileSync(join(dir, file), raw);
    lines.push(JSON.stringify({ file, label: s.label, source: s.source.replace(':', `:${k}/`) }));
  }
}
writeFileSync(join(dir, 'labels.jsonl'), `${lines.join('\n')}\n`);

describe('leave-one-source-out folds', () => {
  it('holds out each source owner in turn, never training on it', () => {
    const mails = loadCorpora([dir]);
    const folds = losoFolds(mails);
    expect(folds.map((f) => f.key).sort()).toEqual(['acme', 'bounces', 'old', 'trap']);
    for (const fold of folds) {
      expect(fold.test.length + fold.train.length).toBe(mails.length);
      for (const i of fold.test) expect(foldKey(mails[i]!.source)).toBe(fold.key);
      for (const i of fold.train) expect(foldKey(mails[i]!.source)).not.toBe(fold.key);
    }
    // Both of acme's repositories leave together.
    expect(folds.find((f) => f.key === 'acme')!.test).toHaveLength(8);
  });

  it('trains one model per fold without the held-out messages and scores every message once, by its own fold', async () => {
    const config = loadConfig({ env: {} }).engine;
    const mails = loadCorpora([dir], { contentOnly: true });
    // The content-only view removed the trace header and the trap address.
    expect(mails.every((m) => !/Received:|phishing@pot/.test(m.raw.toString('latin1')))).toBe(true);
    const prepared = await prepare(mails, config);
    const seen: Array<{ fold: Fold; docs: TrainingDoc[] }> = [];
    const run = await runLoso(prepared, config, (docs, fold) => {
      seen.push({ fold, docs });
      return trainModel(docs, { dimBits: 12, calibrationFolds: 2 });
    });
    expect(seen).toHaveLength(4);
    for (const { fold, docs } of seen) {
      const heldOut = new Set(fold.test.map((i) => prepared.docs[i]));
      expect(docs.some((d) => heldOut.has(d))).toBe(false);
      expect(docs).toHaveLength(mails.length - fold.test.length);
    }
    run.outcomes.forEach((o, i) => {
      expect(o.fold).toBe(foldKey(mails[i]!.source));
      expect(o.classifier).toBeGreaterThanOrEqual(0);
      expect(o.classifier).toBeLessThanOrEqual(1);
    });
    const report = buildReport(mails, run.outcomes, config.thresholds);
    expect(report.perSource.map((r) => r.n).reduce((a, b) => a + b, 0)).toBe(mails.length);
    expect(report.overall.both.n).toBe(mails.length);
  });
});
