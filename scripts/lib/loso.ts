/**
 * Leave-one-source-out (LOSO) runs over labelled corpora, shared by `npm run eval -- --loso` and
 * `npm run calibrate` (docs/detection.md, "Leave-one-source-out"). Every source is held out in turn: the
 * classifier is trained on every other source and the engine measured on the held-out one, so no message
 * is scored by a model that saw its source, and a source's artefacts (a list footer, one retailer's
 * template, a collection era) cannot help score it.
 */
import type { EngineResult } from '../../src/core/analysis.js';
import type { NormalizedMessage } from '../../src/core/message.js';
import type { Config } from '../../src/config/schema.js';
import { messageDoc } from '../../src/engine/classifier/corpus-features.js';
import { predict, type ClassifierModel } from '../../src/engine/classifier/model.js';
import { trainModel, type TrainingDoc } from '../../src/engine/classifier/train.js';
import { createEngine } from '../../src/engine/engine.js';
import { featureLimitsOf, parseLimitsOf } from '../../src/engine/limits.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { withoutCollectorNames, type LabelledMail } from './corpus.js';

/**
 * The unit held out: the GitHub owner of the source repository ("rf-peixoto", "zkemail", "stdlib-js"). One
 * owner's repositories share their mail (zkemail keeps the same services' fixtures in five repositories,
 * zkp2p in two), so holding out one repository while training on its sibling would leak the source.
 */
export function foldKey(source: string): string {
  const repo = source.split('@')[0] ?? source;
  return repo.split('/')[0] || repo;
}

export interface Fold {
  key: string;
  /** Indices of the held-out messages (every message of this source). */
  test: number[];
  /** Indices of the training messages: every message of every other source. */
  train: number[];
}

/** One fold per source key, in first-seen order; the held-out source is never in its own training set. */
export function losoFolds(mails: ReadonlyArray<{ source: string }>): Fold[] {
  const keys = [...new Set(mails.map((m) => foldKey(m.source)))];
  return keys.map((key) => {
    const test: number[] = [];
    const train: number[] = [];
    mails.forEach((m, i) => (foldKey(m.source) === key ? test : train).push(i));
    return { key, test, train };
  });
}

export interface Prepared {
  mails: LabelledMail[];
  messages: NormalizedMessage[];
  docs: TrainingDoc[];
}

/** Parses every message once and computes its classifier document. */
export async function prepare(mails: LabelledMail[], config: Config['engine']): Promise<Prepared> {
  const messages: NormalizedMessage[] = [];
  const docs: TrainingDoc[] = [];
  const limits = featureLimitsOf(config);
  for (const mail of mails) {
    const message = await parseRawMessage(mail.raw, parseLimitsOf(config));
    messages.push(message);
    docs.push(withoutCollectorNames(messageDoc(message, limits, mail.label)));
  }
  return { mails, messages, docs };
}

export type Trainer = (docs: TrainingDoc[], fold: Fold) => ClassifierModel | null;

/** The shipped trainer: a fold whose training set lacks a class gets no model (rules only). */
export const defaultTrainer = (config: Config['engine']): Trainer => (docs) => {
  if (!docs.some((d) => d.label === 1) || !docs.some((d) => d.label === 0)) return null;
  return trainModel(docs, { chars: config.classifier_chars });
};

export interface Outcome {
  /** Fold (held-out source key) that scored this message. */
  fold: string;
  /** Engine without classifier. */
  rules: EngineResult;
  /** Engine with the fold's classifier. */
  both: EngineResult;
  /** The fold classifier's calibrated probability alone (NaN when the fold had no model). */
  classifier: number;
}

export interface LosoRun {
  folds: Fold[];
  outcomes: Outcome[];
  /** Per fold: training-set counts, for the report. */
  trained: Array<{ key: string; phishing: number; ham: number; model: boolean }>;
  /** Each fold's classifier (null: rules only), for re-scoring with other weights (calibrate). */
  models: Map<string, ClassifierModel | null>;
}

const CTX = { allowList: [], blockList: [], tenantDomains: [], now: Date.parse('2026-01-01T00:00:00Z') };

/**
 * Trains one classifier per fold on the other sources and scores the held-out messages three ways (rules
 * only, classifier only, both). `trainer` is injectable so the fold logic can be tested on a synthetic corpus.
 */
export async function runLoso(prepared: Prepared, config: Config['engine'], trainer: Trainer = defaultTrainer(config), onFold?: (key: string, done: number, total: number) => void): Promise<LosoRun> {
  const folds = losoFolds(prepared.mails);
  const outcomes: Outcome[] = new Array(prepared.mails.length);
  const rulesEngine = createEngine({ config, classifier: null });
  const trained: LosoRun['trained'] = [];
  const models = new Map<string, ClassifierModel | null>();
  for (const [n, fold] of folds.entries()) {
    const trainingDocs = fold.train.map((i) => prepared.docs[i]!);
    const model = trainer(trainingDocs, fold);
    models.set(fold.key, model);
    trained.push({ key: fold.key, phishing: trainingDocs.filter((d) => d.label === 1).length, ham: trainingDocs.filter((d) => d.label === 0).length, model: model !== null });
    const engine = createEngine({ config, classifier: model });
    for (const i of fold.test) {
      const message = prepared.messages[i]!;
      const rules = await rulesEngine.analyze(message, CTX);
      const both = await engine.analyze(message, CTX);
      let classifier = Number.NaN;
      if (model) {
        const p = predict(model, prepared.docs[i]!.features);
        classifier = 1 / (1 + Math.exp(-(model.calibration.a * p.margin + model.calibration.b)));
      }
      outcomes[i] = { fold: fold.key, rules, both, classifier };
    }
    onFold?.(fold.key, n + 1, folds.length);
  }
  return { folds, outcomes, trained, models };
}

/**
 * Scores every message again with each fold's own classifier and an engine configuration chosen per
 * held-out fold (calibrate: weights fitted without that source).
 */
export async function rescore(prepared: Prepared, run: LosoRun, configFor: (fold: Fold) => Config['engine']): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(prepared.mails.length);
  for (const fold of run.folds) {
    const config = configFor(fold);
    const model = run.models.get(fold.key) ?? null;
    const rulesEngine = createEngine({ config, classifier: null });
    const engine = createEngine({ config, classifier: model });
    for (const i of fold.test) {
      const message = prepared.messages[i]!;
      outcomes[i] = { fold: fold.key, rules: await rulesEngine.analyze(message, CTX), both: await engine.analyze(message, CTX), classifier: run.outcomes[i]!.classifier };
    }
  }
  return outcomes;
}

/**
 * A ranking score that orders exactly like the verdict score and breaks its 3-decimal rounding ties with
 * the summed rule contributions (a squashed offset smaller than half a rounding step).
 */
export function rankScore(result: EngineResult): number {
  const sum = result.rules.reduce((s, r) => s + r.weight, 0);
  return result.score + 0.0004 * Math.tanh(sum / 10);
}
