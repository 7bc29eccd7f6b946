/**
 * npm run eval -- --loso [corpus-dir…] [--raw] [--json-out FILE] [--dump FILE]
 *
 * Leave-one-source-out over labelled corpora (default: ../shared/corpus/dev, ../shared/corpus/train-extra and, when
 * built, corpus/modern-genuine — `defaultCorpora` in lib/corpus.ts; content-only view; --raw reads the files as they are). Every source (GitHub owner of the `source` in
 * labels.jsonl) is held out in turn, the classifier retrained on the others, and the held-out messages
 * scored by rules only, the classifier only, and both. Prints overall, per-source and per-kind tables
 * (markdown). Never prints message bodies. --dump writes one JSON line per message (file, source, kind,
 * label, the three scores and the fired rules with their contributions) for error analysis.
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config/loader.js';
import { defaultCorpora, loadCorpora, type LabelledMail } from './lib/corpus.js';
import { buildReport, formatReport } from './lib/loso-report.js';
import { prepare, runLoso, type Outcome } from './lib/loso.js';

export async function evalLoso(dirs: string[], options: { raw?: boolean; json?: string; dump?: string }): Promise<void> {
  const config = loadConfig({ env: process.env.PHISHGATE_CONFIG ? { PHISHGATE_CONFIG: process.env.PHISHGATE_CONFIG } : {} }).engine;
  const corpora = dirs.length ? dirs : defaultCorpora();
  const started = performance.now();
  const mails = loadCorpora(corpora, { contentOnly: !options.raw });
  const prepared = await prepare(mails, config);
  const run = await runLoso(prepared, config, undefined, (key, done, total) => process.stderr.write(`fold ${done}/${total} (${key}) done at ${((performance.now() - started) / 1000).toFixed(0)} s\n`));
  const report = buildReport(mails, run.outcomes, config.thresholds);
  const phishing = mails.filter((m) => m.label === 1).length;
  console.log(`leave-one-source-out over ${corpora.join(' + ')} (${options.raw ? 'raw files' : 'content-only view'}): ${mails.length} messages (${phishing} phishing, ${mails.length - phishing} ham), ${run.folds.length} sources held out in turn`);
  console.log(`folds: ${run.trained.map((t) => `${t.key} (trained on ${t.phishing}+${t.ham}${t.model ? '' : ', no model'})`).join(', ')}`);
  console.log(`thresholds fixed: suspicious ≥ ${config.thresholds.suspicious}, phishing ≥ ${config.thresholds.phishing}; "recall at FPR ≤ x" uses the best threshold on the pooled held-out scores (an oracle threshold)\n`);
  console.log(formatReport(report));
  console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  if (options.dump) writeFileSync(options.dump, dumpLines(mails, run.outcomes));
}

/** Per-message outcome lines for error analysis: rule ids and contributions, never message text. */
function dumpLines(mails: LabelledMail[], outcomes: Outcome[]): string {
  const rules = (result: Outcome['both']) => result.rules.map((r) => `${r.id}:${r.weight.toFixed(2)}`);
  return mails
    .map((m, i) => {
      const o = outcomes[i]!;
      return JSON.stringify({ file: `${m.corpus ?? ''}/${m.file}`, source: m.source, kind: m.kind, label: m.label, fold: o.fold, rules_score: o.rules.score, classifier: o.classifier, both_score: o.both.score, verdict: o.both.verdict, fired: rules(o.both), judgement: o.both.judgement });
    })
    .join('\n') + '\n';
}
