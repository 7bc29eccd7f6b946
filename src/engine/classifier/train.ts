import { FEATURE_VERSION } from './features.js';
import { fnv1a, seededRandom } from './hashing.js';
import { featureScale, margin, type ClassifierModel } from './model.js';

export interface TrainingDoc {
  features: readonly string[];
  /** 1 = phishing (or scam/spam), 0 = legitimate. */
  label: 0 | 1;
  /** Language of the text (`guessLanguage`), null when too short to tell; absent = not known. */
  language?: string | null;
}

export interface TrainOptions {
  dimBits: number;
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
  chars: number;
  /** Folds used to fit the probability calibration on out-of-fold margins. */
  calibrationFolds: number;
  /** Features seen in fewer training documents are dropped: they can only be memorised, not generalised. */
  minDocs: number;
  /** Legitimate messages a language needs before its words may become features (see `attestedWords`). */
  minHamPerLanguage: number;
  description: string;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  dimBits: 18,
  epochs: 12,
  learningRate: 1,
  l2: 1e-5,
  seed: 20240601,
  chars: 4000,
  calibrationFolds: 5,
  minDocs: 2,
  minHamPerLanguage: 20,
  description: '',
};

const isWordFeature = (f: string): boolean => f.startsWith('w:') || f.startsWith('b:') || f.startsWith('s:') || f.startsWith('s2:');

/**
 * Languages with at least `minHam` legitimate training messages, and the word features attested (in at
 * least `minDocs` messages) in mail of those languages. Only attested words may carry weight: a word seen
 * only in the mail of a language whose legitimate side the model never saw (the corpora's phishing is
 * multilingual, their legitimate mail English) can only teach "this language is phishing", which would
 * penalise every genuine French or German note. When no language is known (documents without
 * `language`) or none has `minHam` legitimate messages, every word counts.
 */
export function attestedWords(docs: readonly TrainingDoc[], minHam: number, minDocs: number): { languages: string[]; attested: Set<string> | null } {
  if (!docs.some((d) => d.language !== undefined)) return { languages: [], attested: null };
  const hamByLanguage = new Map<string, number>();
  for (const d of docs) if (d.label === 0 && d.language) hamByLanguage.set(d.language, (hamByLanguage.get(d.language) ?? 0) + 1);
  const languages = [...hamByLanguage].filter(([, n]) => n >= minHam).map(([l]) => l).sort();
  // Too little legitimate mail in any language to tell: no restriction (a small custom training set).
  if (languages.length === 0) return { languages: [], attested: null };
  const covered = new Set(languages);
  const counts = new Map<string, number>();
  for (const d of docs) {
    if (!d.language || !covered.has(d.language)) continue;
    for (const f of d.features) if (isWordFeature(f)) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  const attested = new Set<string>();
  for (const [f, n] of counts) if (n >= minDocs) attested.add(f);
  return { languages, attested };
}

interface Encoded {
  indices: Int32Array;
  scale: number;
  label: 0 | 1;
}

function encode(docs: readonly TrainingDoc[], dimBits: number, minDocs: number, attested: Set<string> | null): Encoded[] {
  const mask = (1 << dimBits) - 1;
  const usable = (f: string): boolean => attested === null || !isWordFeature(f) || attested.has(f);
  // The scale counts every feature, usable or not, exactly as prediction will (model.ts `margin`).
  const hashed = docs.map((d) => Int32Array.from(new Set(d.features.filter(usable).map((f) => fnv1a(f) & mask))));
  const seen = new Uint32Array(1 << dimBits);
  for (const indices of hashed) for (const k of indices) seen[k] = seen[k]! + 1;
  return docs.map((d, i) => ({
    indices: hashed[i]!.filter((k) => seen[k]! >= minDocs),
    scale: featureScale(d.features.length),
    label: d.label,
  }));
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** L2-regularised logistic regression by AdaGrad; classes re-weighted to equal total weight. */
function fit(encoded: readonly Encoded[], options: TrainOptions): { weights: Float32Array; bias: number } {
  const size = 1 << options.dimBits;
  const weights = new Float32Array(size);
  const squares = new Float32Array(size);
  let bias = 0;
  let biasSquares = 0;
  const positives = encoded.filter((e) => e.label === 1).length;
  const classWeight = [encoded.length / (2 * Math.max(1, encoded.length - positives)), encoded.length / (2 * Math.max(1, positives))];
  const order = encoded.map((_, i) => i);
  const random = seededRandom(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const doc = encoded[index]!;
      let z = bias;
      for (const k of doc.indices) z += weights[k]! * doc.scale;
      const g = (sigmoid(z) - doc.label) * classWeight[doc.label]!;
      biasSquares += g * g;
      bias -= (options.learningRate * g) / Math.sqrt(biasSquares + 1e-8);
      for (const k of doc.indices) {
        const grad = g * doc.scale + options.l2 * weights[k]!;
        squares[k] = squares[k]! + grad * grad;
        weights[k] = weights[k]! - (options.learningRate * grad) / Math.sqrt(squares[k]! + 1e-8);
      }
    }
  }
  return { weights, bias };
}

/** Platt scaling: fits p = sigmoid(a·m + b) to (margin, label) pairs by Newton's method. */
export function fitPlatt(pairs: ReadonlyArray<{ margin: number; label: 0 | 1 }>): { a: number; b: number } {
  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-6;
    let hab = 0;
    let hbb = 1e-6;
    for (const { margin: m, label } of pairs) {
      const p = sigmoid(a * m + b);
      const d = p - label;
      const w = p * (1 - p);
      ga += d * m;
      gb += d;
      haa += w * m * m;
      hab += w * m;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

/** Stratified, seeded fold number of each document. */
export function assignFolds(labels: ReadonlyArray<0 | 1>, folds: number, seed: number): number[] {
  const random = seededRandom(seed);
  const out = new Array<number>(labels.length).fill(0);
  for (const label of [0, 1] as const) {
    const members = labels.map((l, i) => (l === label ? i : -1)).filter((i) => i >= 0);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    members.forEach((docIndex, rank) => {
      out[docIndex] = rank % folds;
    });
  }
  return out;
}

function toModel(fitted: { weights: Float32Array; bias: number }, options: TrainOptions, docs: readonly TrainingDoc[], calibration: { a: number; b: number }, languages: string[] = []): ClassifierModel {
  const phishing = docs.filter((d) => d.label === 1).length;
  return {
    format: 'phishgate-classifier',
    version: 1,
    featureVersion: FEATURE_VERSION,
    dimBits: options.dimBits,
    chars: options.chars,
    bias: fitted.bias,
    weights: fitted.weights,
    calibration,
    training: { phishing, ham: docs.length - phishing, description: options.description, ...(languages.length ? { languages } : {}) },
  };
}

/**
 * Trains the shipped kind of model: calibration from `calibrationFolds` out-of-fold fits, then the final
 * weights on every document. Deterministic for a given document order and seed.
 */
export function trainModel(docs: readonly TrainingDoc[], partial: Partial<TrainOptions> = {}): ClassifierModel {
  const options = { ...DEFAULT_TRAIN_OPTIONS, ...partial };
  if (docs.length < 4 || !docs.some((d) => d.label === 1) || !docs.some((d) => d.label === 0)) {
    throw new Error('training needs at least two phishing and two legitimate messages');
  }
  const { languages, attested } = attestedWords(docs, options.minHamPerLanguage, options.minDocs);
  const encoded = encode(docs, options.dimBits, options.minDocs, attested);
  const pairs: Array<{ margin: number; label: 0 | 1 }> = [];
  const folds = Math.min(options.calibrationFolds, Math.min(docs.filter((d) => d.label === 1).length, docs.filter((d) => d.label === 0).length));
  if (folds >= 2) {
    const fold = assignFolds(docs.map((d) => d.label), folds, options.seed);
    for (let k = 0; k < folds; k++) {
      const fitted = fit(encoded.filter((_, i) => fold[i] !== k), options);
      const model = toModel(fitted, options, docs, { a: 1, b: 0 });
      docs.forEach((d, i) => {
        if (fold[i] === k) pairs.push({ margin: margin(model, d.features), label: d.label });
      });
    }
  }
  const calibration = pairs.length > 0 ? fitPlatt(pairs) : { a: 1, b: 0 };
  return toModel(fit(encoded, options), options, docs, calibration, languages);
}

/** Strongest features by weight, for the artefact check printed by `train` and `eval`. */
export function topFeatures(model: ClassifierModel, vocabulary: Iterable<string>, n: number): { phishing: Array<[string, number]>; ham: Array<[string, number]> } {
  const mask = (1 << model.dimBits) - 1;
  const scored: Array<[string, number]> = [];
  const seen = new Set<string>();
  for (const feature of vocabulary) {
    if (seen.has(feature)) continue;
    seen.add(feature);
    scored.push([feature, model.weights[fnv1a(feature) & mask] ?? 0]);
  }
  scored.sort((a, b) => b[1] - a[1]);
  return { phishing: scored.slice(0, n), ham: scored.slice(-n).reverse() };
}
