/**
 * npm run eval -- <corpus-dir> [--cv K] [--model FILE] [--no-classifier] [--errors N] [--rules] [--json]
 * npm run eval -- --loso [corpus-dir…] [--raw] [--json-out FILE] [--dump FILE]   (leave-one-source-out, see eval-loso.ts)
 *
 * Runs the engine over a labelled corpus folder (labels.jsonl) and prints n, precision, recall, F1,
 * false-positive rate, ROC AUC, recall at FPR ≤ 1 % / 0.5 % / 0.1 %, the confusion matrix and the
 * false-positive rate per source. A message counts as detected when its verdict is suspicious or
 * phishing. With --cv K the classifier is trained on K-1 folds and the engine measured on the held-out
 * fold, K times, so no message is ever scored by a model that saw it. Never prints message bodies.
 */
import { parseArgs } from 'node:util';
import type { EngineResult } from '../src/core/analysis.js';
import type { NormalizedMessage } from '../src/core/message.js';
import { loadConfig } from '../src/config/loader.js';
import { messageFeatures } from '../src/engine/classifier/corpus-features.js';
import { loadModel, type ClassifierModel } from '../src/engine/classifier/model.js';
import { assignFolds, fitPlatt, trainModel } from '../src/engine/classifier/train.js';
import { createEngine } from '../src/engine/engine.js';
import { loadConfiguredModel } from '../src/engine/classifier/stage.js';
import { featureLimitsOf, parseLimitsOf } from '../src/engine/limits.js';
import { parseRawMessage } from '../src/mail/parse-raw.js';
import { loadLabelledCorpus, sourceGroup, type LabelledMail } from './lib/corpus.js';
import { brier, confusion, rates, recallAtFpr, reliability, rocAuc } from './lib/metrics.js';

const { values, positionals } = parseArgs({
  options: {
    cv: { type: 'string' },
    model: { type: 'string' },
    'no-classifier': { type: 'boolean' },
    errors: { type: 'string' },
    rules: { type: 'boolean' },
    json: { type: 'boolean' },
    seed: { type: 'string' },
    loso: { type: 'boolean' },
    raw: { type: 'boolean' },
    'json-out': { type: 'string' },
    dump: { type: 'string' },
  },
  allowPositionals: true,
});
if (values.loso) {
  const { evalLoso } = await import('./eval-loso.js');
  await evalLoso(positionals, { raw: values.raw, json: values['json-out'], dump: values.dump });
  process.exit(0);
}
const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run eval -- <corpus-dir> [--cv K] [--model FILE] [--no-classifier] [--errors N] [--rules] [--json]');
  process.exit(2);
}
// PHISHGATE_CONFIG lets an administrator evaluate their own weights and thresholds.
const config = loadConfig({ env: process.env.PHISHGATE_CONFIG ? { PHISHGATE_CONFIG: process.env.PHISHGATE_CONFIG } : {} }).engine;
const ctx = { allowList: [], blockList: [], tenantDomains: [], now: Date.now() };
const corpus = loadLabelledCorpus(dir);
const messages: NormalizedMessage[] = [];
for (const mail of corpus) messages.push(await parseRawMessage(mail.raw, parseLimitsOf(config)));

interface Outcome {
  mail: LabelledMail;
  result: EngineResult;
  /** Unrounded log-odds (bias + Σ rule weights): the score before the logistic map and rounding. */
  logit: number;
}
const outcomes: Outcome[] = new Array(corpus.length);
/** Σ rule contributions: the evidence before engine.scale and engine.bias. */
const evidenceOf = (r: EngineResult): number => r.rules.reduce((s, rule) => s + rule.weight, 0);
const logitOf = (r: EngineResult): number => config.bias + config.scale * evidenceOf(r);

async function run(indices: number[], classifier: ClassifierModel | null): Promise<void> {
  const engine = createEngine({ config, classifier, onDetectorError: (id, error) => console.error(`detector ${id} threw: ${String(error)}`) });
  for (const i of indices) {
    const result = await engine.analyze(messages[i]!, ctx);
    outcomes[i] = { mail: corpus[i]!, result, logit: logitOf(result) };
  }
}

const folds = values.cv ? Number(values.cv) : 0;
const started = performance.now();
if (folds >= 2 && !values['no-classifier']) {
  const limits = featureLimitsOf(config);
  const features = messages.map((m) => messageFeatures(m, limits));
  const fold = assignFolds(corpus.map((m) => m.label), folds, Number(values.seed ?? 20240601));
  for (let k = 0; k < folds; k++) {
    const train = corpus.map((m, i) => ({ features: features[i]!, label: m.label })).filter((_, i) => fold[i] !== k);
    const model = trainModel(train, { chars: config.classifier_chars });
    await run(corpus.map((_, i) => i).filter((i) => fold[i] === k), model);
  }
} else {
  const model = values['no-classifier'] ? null : values.model ? loadModel(values.model) : loadConfiguredModel(config);
  await run(corpus.map((_, i) => i), model);
}
const seconds = (performance.now() - started) / 1000;

const scored = outcomes.map((o) => ({ label: o.mail.label, score: o.logit }));
const detected = outcomes.map((o) => ({ label: o.mail.label, detected: o.result.verdict !== 'safe' }));
const strict = outcomes.map((o) => ({ label: o.mail.label, detected: o.result.verdict === 'phishing' }));
const c = confusion(detected);
const r = rates(c);
const matrix: Record<string, Record<string, number>> = { phishing: { safe: 0, suspicious: 0, phishing: 0 }, ham: { safe: 0, suspicious: 0, phishing: 0 } };
for (const o of outcomes) matrix[o.mail.label === 1 ? 'phishing' : 'ham']![o.result.verdict]!++;
const perSource = new Map<string, { n: number; detected: number; label: 0 | 1 }>();
for (const o of outcomes) {
  const key = sourceGroup(o.mail.source);
  const entry = perSource.get(key) ?? { n: 0, detected: 0, label: o.mail.label };
  entry.n++;
  if (o.result.verdict !== 'safe') entry.detected++;
  perSource.set(key, entry);
}
const probabilities = outcomes.map((o) => ({ label: o.mail.label, probability: o.result.score }));
const report = {
  corpus: dir,
  mode: folds >= 2 && !values['no-classifier'] ? `${folds}-fold cross-validation` : values['no-classifier'] ? 'rules only' : 'trained model',
  n: corpus.length,
  phishing: corpus.filter((m) => m.label === 1).length,
  ham: corpus.filter((m) => m.label === 0).length,
  detected_is: 'verdict suspicious or phishing',
  ...r,
  strict_phishing_verdict: rates(confusion(strict)),
  roc_auc: rocAuc(scored),
  recall_at_fpr: { '1%': recallAtFpr(scored, 0.01), '0.5%': recallAtFpr(scored, 0.005), '0.1%': recallAtFpr(scored, 0.001) },
  confusion: c,
  matrix,
  per_source: Object.fromEntries([...perSource].map(([k, v]) => [k, { label: v.label === 1 ? 'phishing' : 'ham', n: v.n, detected: v.detected, rate: v.detected / v.n }])),
  brier: brier(probabilities),
  platt: fitPlatt(outcomes.map((o) => ({ margin: evidenceOf(o.result), label: o.mail.label }))),
  reliability: reliability(probabilities),
  seconds,
};

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`corpus ${dir} — ${report.mode}; n=${report.n} (${report.phishing} phishing, ${report.ham} ham); detected = ${report.detected_is}`);
  console.log(`precision ${r.precision.toFixed(4)}  recall ${r.recall.toFixed(4)}  F1 ${r.f1.toFixed(4)}  FPR ${pct(r.fpr)}  accuracy ${r.accuracy.toFixed(4)}`);
  console.log(`verdict "phishing" only: recall ${report.strict_phishing_verdict.recall.toFixed(4)}  FPR ${pct(report.strict_phishing_verdict.fpr)}`);
  console.log(`ROC AUC ${report.roc_auc.toFixed(4)}`);
  for (const [k, v] of Object.entries(report.recall_at_fpr)) console.log(`recall at FPR ≤ ${k}: ${v.recall.toFixed(4)} (score threshold ${(1 / (1 + Math.exp(-v.threshold))).toFixed(4)}, FPR ${pct(v.fpr)})`);
  console.log('confusion (rows: label, columns: verdict)        safe  suspicious  phishing');
  for (const [label, row] of Object.entries(matrix)) console.log(`  ${label.padEnd(46)}${String(row.safe).padStart(6)}${String(row.suspicious).padStart(12)}${String(row.phishing).padStart(10)}`);
  console.log('per source:');
  for (const [k, v] of Object.entries(report.per_source)) console.log(`  ${k.padEnd(62)} n=${String(v.n).padStart(5)}  ${v.label === 'ham' ? `FPR ${pct(v.rate)} (${v.detected})` : `recall ${pct(v.rate)}`}`);
  console.log(`calibration: Brier ${report.brier.toFixed(4)}; ${report.reliability.map((b) => `[${b.from}-${b.to}) n=${b.n} mean ${b.meanProbability.toFixed(2)} → ${b.phishingShare.toFixed(2)} phishing`).join('; ')}`);
  console.log(`calibration fit on these results (Platt): scale ${report.platt.a.toFixed(3)}, bias ${report.platt.b.toFixed(3)} (configured: scale ${config.scale}, bias ${config.bias})`);
  console.log(`${seconds.toFixed(1)} s`);
}

if (values.rules) {
  const counts = new Map<string, [number, number]>();
  for (const o of outcomes) for (const rule of o.result.rules) {
    const entry = counts.get(rule.id) ?? [0, 0];
    entry[o.mail.label]++;
    counts.set(rule.id, entry);
  }
  console.log('rule firing (share of ham / share of phishing):');
  for (const [id, [ham, phish]] of [...counts].sort()) console.log(`  ${id.padEnd(26)} ham ${pct(ham / report.ham).padStart(7)}  phishing ${pct(phish / report.phishing).padStart(7)}`);
}

const errors = Number(values.errors ?? 0);
if (errors > 0) {
  const fps = outcomes.filter((o) => o.mail.label === 0 && o.result.verdict !== 'safe').sort((a, b) => b.logit - a.logit);
  const fns = outcomes.filter((o) => o.mail.label === 1 && o.result.verdict === 'safe').sort((a, b) => a.logit - b.logit);
  for (const [title, list] of [['false positives', fps], ['false negatives', fns]] as const) {
    console.log(`${title} (${list.length}):`);
    for (const o of list.slice(0, errors)) console.log(`  ${o.mail.file} [${sourceGroup(o.mail.source)}] score ${o.result.score}: ${o.result.rules.slice(0, 4).map((x) => `${x.id} ${x.weight}`).join(', ')}`);
  }
}
