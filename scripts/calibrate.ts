/**
 * npm run calibrate [-- corpus-dir… [--raw] [--dry-run]]
 *
 * Fits the rule weights and the classifier's contribution (docs/detection.md, "How the weights are
 * fitted") by regularised logistic regression on rule strengths, over labelled corpora (default:
 * ../shared/corpus/dev + ../shared/corpus/train-extra + corpus/modern-genuine when built, content-only view). The thresholds (suspicious
 * ≥ 0.5, phishing ≥ 0.8) are fixed before fitting and never tuned.
 *
 * 1. Leave-one-source-out run: per held-out source, a classifier trained on the other sources; every
 *    message's rule strengths (the classifier's included) come from the engine with its fold's model.
 * 2. Each rule's weight (and the bias) is shrunk towards its prior (the designed weight) and kept on the prior's side,
 *    between a quarter of it and 2.5 times it; rules that fire on too few messages, and the
 *    authentication priors the corpora cannot show, keep their prior. Messages are weighted so that each
 *    class counts equally and a large source does not drown the small ones (1/√n per source).
 * 3. λ is chosen by held-out log-loss, each source held out in turn; then the engine re-scores every
 *    held-out source with weights fitted without it, next to the prior weights, per source.
 * 4. Writes models/weights.json (weights, priors, provenance, LOSO figures), the numbers of
 *    config/default.yaml and the tables of docs/detection.md (unless --dry-run).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/loader.js';
import type { Config } from '../src/config/schema.js';
import { defaultCorpora, loadCorpora, sourceGroup } from './lib/corpus.js';
import { fitLogistic, logitOf, type SparseRow } from './lib/fit.js';
import { buildReport, formatReport, type GroupRow } from './lib/loso-report.js';
import { foldKey, prepare, rescore, runLoso } from './lib/loso.js';
import { rocAuc } from './lib/metrics.js';
import { CONFIG_PATH, DETECTION_DOC_PATH, WEIGHTS_PATH, replaceBlock, rewriteConfig, rewriteRulesTable, round2, weightsTable, type RuleWeight, type WeightsFile } from './lib/weights-file.js';

const { values, positionals } = parseArgs({ options: { raw: { type: 'boolean' }, 'dry-run': { type: 'boolean' } }, allowPositionals: true });
const dirs = positionals.length ? positionals : defaultCorpora();
const started = performance.now();
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const config = loadConfig({ env: {} }).engine;

/** Priors set by hand: the corpora carry no authentication phishgate could verify (docs/authentication.md "Rules"). */
const HAND_SET = new Set(['ALLOW_LIST_UNVERIFIED', 'BRAND_DKIM_ALIGNED', 'BRAND_DMARC_REJECT', 'AUTH_FAIL', 'AUTH_ALIGNED_PASS', 'INTERNAL_AUTHENTICATED']);
/** A rule must fire on this many messages to be fitted; below, its weight would be fitted to a handful of messages. */
const MIN_FIRED = 15;
const LAMBDAS = [0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30];
const FLOOR = 0.25;
const CEILING = 2.5;

// Priors: the designed weights. Once a weights file exists its priors stay put (refitting never drifts);
// a rule added since (with its prior weight in config/default.yaml) takes the config value × scale.
const previous: WeightsFile | null = existsSync(WEIGHTS_PATH) ? (JSON.parse(readFileSync(WEIGHTS_PATH, 'utf8')) as WeightsFile) : null;
const ids = Object.keys(config.weights);
const prior = new Map(ids.map((id) => [id, (previous?.rules[id] ? previous.rules[id].prior * previous.scale : (config.weights[id] ?? 0) * config.scale)]));

const mails = loadCorpora(dirs, { contentOnly: !values.raw });
const prepared = await prepare(mails, config);
console.error(`parsed ${mails.length} messages (${elapsed()})`);
const priorConfig: Config['engine'] = { ...config, weights: Object.fromEntries(ids.map((id) => [id, round2(prior.get(id)! / config.scale)])), bias: previous?.provenance.priorBias ?? config.bias };
const run = await runLoso(prepared, config, undefined, (key, done, total) => console.error(`classifier fold ${done}/${total} (${key}) (${elapsed()})`));

// Effective strength of each rule per message, from the engine with the message's own fold classifier:
// its contribution after the group caps and the classifier bounds divided by its configured weight, so
// the fit sees evidence the way the engine scores it (ten URL rules about one link are one piece of
// evidence) rather than as independent strengths.
const fired = new Map(ids.map((id) => [id, 0]));
const strengths = run.outcomes.map((o) => {
  const map = new Map<string, number>();
  for (const r of o.both.rules) {
    const configured = config.weights[r.id];
    if (!prior.has(r.id) || !configured) continue;
    map.set(r.id, Math.max(0, r.weight / configured));
    fired.set(r.id, (fired.get(r.id) ?? 0) + 1);
  }
  return map;
});
const fitted = ids.filter((id) => !HAND_SET.has(id) && prior.get(id) !== 0 && (fired.get(id) ?? 0) >= MIN_FIRED);
const fixedIds = ids.filter((id) => !fitted.includes(id));
const column = new Map(fitted.map((id, j) => [id, j]));
const rows: SparseRow[] = strengths.map((map) => {
  const entries = [...map].filter(([id]) => column.has(id));
  return { index: Int32Array.from(entries.map(([id]) => column.get(id)!)), value: Float64Array.from(entries.map(([, s]) => s)) };
});
const offset = strengths.map((map) => fixedIds.reduce((sum, id) => sum + (prior.get(id) ?? 0) * (map.get(id) ?? 0), 0));
const y = mails.map((m) => m.label);

// Each class weighs the same; inside a class a source of n messages weighs √n (not n).
const groupSize = new Map<string, number>();
for (const m of mails) groupSize.set(`${m.label}|${foldKey(m.source)}`, (groupSize.get(`${m.label}|${foldKey(m.source)}`) ?? 0) + 1);
const raw = mails.map((m) => 1 / Math.sqrt(groupSize.get(`${m.label}|${foldKey(m.source)}`)!));
const classTotal = [0, 1].map((label) => raw.reduce((s, w, i) => (y[i] === label ? s + w : s), 0));
const sampleWeight = raw.map((w, i) => (w * mails.length) / (2 * classTotal[y[i]!]!));

const priorVector = Float64Array.from(fitted.map((id) => prior.get(id)!));
const lower = Float64Array.from(fitted.map((id) => (prior.get(id)! > 0 ? FLOOR : CEILING) * prior.get(id)!));
const upper = Float64Array.from(fitted.map((id) => (prior.get(id)! > 0 ? CEILING : FLOOR) * prior.get(id)!));
// Class balance is restored inside every training set: holding out a large phishing source must not
// tilt the bias towards "legitimate" (which would score exactly that source low).
const fitOn = (indices: number[], lambda: number) => {
  const totals = [0, 0];
  for (const i of indices) totals[y[i]!] = totals[y[i]!]! + sampleWeight[i]!;
  const weights = indices.map((i) => (sampleWeight[i]! * indices.length) / (2 * Math.max(1e-9, totals[y[i]!]!)));
  return fitLogistic({ x: indices.map((i) => rows[i]!), y: indices.map((i) => y[i]!), sampleWeight: weights, offset: indices.map((i) => offset[i]!), prior: priorVector, priorBias: priorConfig.bias, lower, upper, lambda });
};

// λ by the held-out ranking: for each λ, every source is scored by weights fitted without it and the
// pooled ROC AUC of those scores decides (one set of weights must rank every source's mail on one scale;
// a source-balanced log-loss, printed too, rewards per-source fits that do not share a scale).
const linearHeldOut = (lambda: number | null): { auc: number; logLoss: number } => {
  const scored: Array<{ label: 0 | 1; score: number }> = [];
  const perGroup = new Map<string, { loss: number; n: number }>();
  for (const fold of run.folds) {
    const fit = lambda === null ? { weights: priorVector, bias: priorConfig.bias } : fitOn(fold.train, lambda);
    for (const i of fold.test) {
      const z = logitOf(rows[i]!, fit.weights, fit.bias, offset[i]!);
      scored.push({ label: y[i]!, score: z });
      const p = 1 / (1 + Math.exp(-z));
      const key = `${y[i]}|${fold.key}`;
      const g = perGroup.get(key) ?? { loss: 0, n: 0 };
      g.loss += -Math.log(Math.max(1e-12, y[i] === 1 ? p : 1 - p));
      g.n++;
      perGroup.set(key, g);
    }
  }
  return { auc: rocAuc(scored), logLoss: [...perGroup.values()].reduce((s, g) => s + g.loss / g.n, 0) / perGroup.size };
};
const atPrior = linearHeldOut(null);
console.error(`prior weights, held out: ROC AUC ${atPrior.auc.toFixed(4)}, source-balanced log-loss ${atPrior.logLoss.toFixed(4)}`);
const lambdaSearch: WeightsFile['provenance']['lambdaSearch'] = [];
for (const lambda of LAMBDAS) {
  const r = linearHeldOut(lambda);
  lambdaSearch.push({ lambda, heldOutAuc: Number(r.auc.toFixed(4)), heldOutLogLoss: Number(r.logLoss.toFixed(4)) });
  console.error(`λ ${lambda}: held-out ROC AUC ${r.auc.toFixed(4)}, source-balanced log-loss ${r.logLoss.toFixed(4)} (${elapsed()})`);
}
// Largest λ among the best AUC (ties within 0.001 favour staying near the priors).
const bestAuc = Math.max(...lambdaSearch.map((c) => c.heldOutAuc));
const lambda = [...lambdaSearch].reverse().find((c) => c.heldOutAuc >= bestAuc - 0.001)!.lambda;
const priorWins = atPrior.auc > bestAuc;
if (priorWins) console.error(`no λ ranks the held-out sources better than the priors (${atPrior.auc.toFixed(4)} > ${bestAuc.toFixed(4)}): the fit stays at the priors (λ ${lambda})`);

const toConfig = (weights: Float64Array, bias: number): Config['engine'] => ({
  ...config,
  bias: round2(bias),
  weights: Object.fromEntries(ids.map((id) => [id, round2((column.has(id) ? weights[column.get(id)!]! : prior.get(id)!) / config.scale)])),
});
// Validation: each source re-scored by the engine with weights fitted without it.
const foldConfigs = new Map(run.folds.map((fold) => {
  const fit = fitOn(fold.train, lambda);
  return [fold.key, toConfig(fit.weights, fit.bias)];
}));
const priorOutcomes = await rescore(prepared, run, () => priorConfig);
const fittedOutcomes = await rescore(prepared, run, (fold) => foldConfigs.get(fold.key)!);
console.error(`re-scored with prior and fold-fitted weights (${elapsed()})`);
const priorReport = buildReport(mails, priorOutcomes, config.thresholds);
const fittedReport = buildReport(mails, fittedOutcomes, config.thresholds);

const perSource = fittedReport.perSource.map((row: GroupRow) => {
  const before = priorReport.perSource.find((r) => r.group === row.group && r.label === row.label)!;
  const pair = (r: GroupRow): [number, number] => [Number(r.modes.both.atSuspicious.toFixed(4)), Number(r.modes.both.atPhishing.toFixed(4))];
  const [p, f] = [pair(before), pair(row)];
  const worse = row.label === 'ham' ? f[0] > p[0] || f[1] > p[1] : f[0] < p[0] || f[1] < p[1];
  return { source: row.group, label: row.label, n: row.n, prior: p, fitted: f, worse };
});

// The shipped weights: fitted on every source.
const final = fitOn(mails.map((_, i) => i), lambda);
const finalConfig = toConfig(final.weights, final.bias);
const rules: Record<string, RuleWeight> = {};
for (const id of ids) {
  const j = column.get(id);
  const p = prior.get(id)!;
  const entry: RuleWeight = {
    weight: finalConfig.weights[id]!,
    prior: round2(p / config.scale),
    status: j !== undefined ? 'fitted' : HAND_SET.has(id) ? 'prior set by hand (needs verified authentication)' : p === 0 ? 'silenced (prior 0)' : `prior kept (fires on fewer than ${MIN_FIRED} messages)`,
    fired: fired.get(id) ?? 0,
  };
  if (j !== undefined) {
    const w = final.weights[j]!;
    const atFloor = Math.abs(w - FLOOR * p) < 1e-6;
    const atCeiling = Math.abs(w - CEILING * p) < 1e-6;
    entry.logOdds = round2(w);
    if (atFloor) entry.clamped = 'floor';
    if (atCeiling) entry.clamped = 'ceiling';
  }
  rules[id] = entry;
}

const sources = new Map<string, { source: string; label: 'phishing' | 'ham'; n: number }>();
for (const m of mails) {
  const label = m.label === 1 ? 'phishing' : 'ham';
  const key = `${label} ${sourceGroup(m.source)}`;
  const e = sources.get(key) ?? { source: sourceGroup(m.source), label, n: 0 };
  e.n++;
  sources.set(key, e);
}
const shown = dirs.map((d) => relative(process.cwd(), d) || d);
const view = values.raw ? 'raw files' : 'content-only view';
const losoMarkdown = [
  `Leave-one-source-out, ${mails.length} messages (${shown.join(' + ')}, ${view}), ${run.folds.length} source owners held out in turn; prior weights first, then the fitted weights (each fold's weights fitted without the held-out source):`,
  '',
  '| weights | mode | ROC AUC | recall at FPR ≤ 1 % | recall at FPR ≤ 0.5 % | FPR at ≥ 0.5 / ≥ 0.8 | recall at ≥ 0.5 / ≥ 0.8 |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ...(['rules', 'both'] as const).flatMap((mode) =>
    ([['prior', priorReport], ['fitted', fittedReport]] as const).map(([name, r]) => {
      const f = r.overall[mode];
      const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
      return `| ${name} | ${mode === 'both' ? 'rules + classifier' : 'rules only'} | ${f.auc.toFixed(3)} | ${pct(f.recallAt1)} | ${pct(f.recallAt05)} | ${pct(f.fprSuspicious)} / ${pct(f.fprPhishing)} | ${pct(f.recallSuspicious)} / ${pct(f.recallPhishing)} |`;
    }),
  ),
  '',
  'Fitted weights in detail:',
  '',
  formatReport(fittedReport),
].join('\n');

const file: WeightsFile = {
  format: 'phishgate-weights',
  version: 1,
  bias: finalConfig.bias,
  scale: config.scale,
  thresholds: { suspicious: config.thresholds.suspicious, phishing: config.thresholds.phishing },
  rules,
  provenance: {
    date: new Date().toISOString().slice(0, 10),
    command: `npm run calibrate${positionals.length || values.raw ? ` -- ${[...shown, ...(values.raw ? ['--raw'] : [])].join(' ')}` : ''}`,
    corpora: shown.map((d) => `${d} (${view})`),
    messages: { phishing: y.filter((l) => l === 1).length, ham: y.filter((l) => l === 0).length },
    sources: [...sources.values()],
    method: `L2-regularised logistic regression on effective rule strengths (after group caps and classifier bounds) towards the prior weights and bias (FISTA), each rule kept between ${FLOOR} and ${CEILING} times its prior; classes weighted equally, sources by 1/√n; λ chosen by the pooled ROC AUC of leave-one-source-out scores; classifier strengths from leave-one-source-out models; thresholds fixed at ${config.thresholds.suspicious}/${config.thresholds.phishing}`,
    priorBias: previous?.provenance.priorBias ?? config.bias,
    priorHeldOutAuc: Number(atPrior.auc.toFixed(4)),
    lambda,
    lambdaSearch,
    perSource,
    losoMarkdown,
  },
};

console.log(`λ = ${lambda}; bias ${file.bias}; fitted ${fitted.length} rules, kept ${fixedIds.length} priors`);
for (const [id, r] of Object.entries(rules)) console.log(`  ${id.padEnd(26)} ${String(r.weight).padStart(6)}  (prior ${r.prior}, fired ${r.fired}, ${r.status}${r.clamped ? `, CLAMPED at ${r.clamped} bound` : ''})`);
console.log('\nper source, rules + classifier, flagged at ≥ 0.5 / ≥ 0.8 (FPR for ham, recall for phishing), prior → fitted:');
for (const s of perSource) console.log(`  ${s.worse ? 'WORSE' : '     '} ${s.label.padEnd(8)} ${s.source.padEnd(58)} n=${String(s.n).padStart(4)}  ${s.prior.map((x) => (100 * x).toFixed(1)).join('/')} → ${s.fitted.map((x) => (100 * x).toFixed(1)).join('/')}`);
console.log(`\n${losoMarkdown}`);

if (!values['dry-run']) {
  writeFileSync(WEIGHTS_PATH, `${JSON.stringify(file, null, 2)}\n`);
  writeFileSync(CONFIG_PATH, rewriteConfig(readFileSync(CONFIG_PATH, 'utf8'), Object.fromEntries(ids.map((id) => [id, rules[id]!.weight])), file.bias, file.scale));
  let doc = readFileSync(DETECTION_DOC_PATH, 'utf8');
  doc = replaceBlock(doc, 'weights', weightsTable(file));
  doc = replaceBlock(doc, 'loso', losoMarkdown);
  doc = rewriteRulesTable(doc, Object.fromEntries(ids.map((id) => [id, rules[id]!.weight])));
  writeFileSync(DETECTION_DOC_PATH, doc);
  console.log(`wrote ${relative(process.cwd(), WEIGHTS_PATH)}, ${relative(process.cwd(), CONFIG_PATH)}, ${relative(process.cwd(), DETECTION_DOC_PATH)} (${elapsed()})`);
}
