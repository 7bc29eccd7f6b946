import { readFileSync } from 'node:fs';
import { FEATURE_VERSION } from './features.js';
import { fnv1a } from './hashing.js';

/**
 * A trained classifier: logistic regression over hashed feature strings, with a Platt calibration fitted on
 * out-of-fold margins so that `probability` means something on mail the model has not seen.
 */
export interface ClassifierModel {
  format: 'phishgate-classifier';
  version: 1;
  featureVersion: number;
  /** log2 of the hashed feature space. */
  dimBits: number;
  /** Characters of body the features were computed from. */
  chars: number;
  bias: number;
  weights: Float32Array;
  /** p = sigmoid(a · margin + b). */
  calibration: { a: number; b: number };
  /** What the model was trained on (names, counts, licences): shown in docs and `train` output. */
  training: TrainingProvenance;
}

/** Where a model came from, stored in the model file (docs/detection.md, "Training data"). */
export interface TrainingProvenance {
  phishing: number;
  ham: number;
  description: string;
  /** Messages per corpus source and label, e.g. `{ source: "rf-peixoto/phishing_pot", label: "phishing", n: 1150 }`. */
  sources?: Array<{ source: string; label: 'phishing' | 'ham'; n: number }>;
  /** Corpus folders and how they were read (e.g. "content-only view"). */
  corpora?: string[];
  /** The command that rebuilds this model. */
  command?: string;
  /** Languages with enough legitimate training mail for their words to be features (see train.ts). */
  languages?: string[];
  /** ISO date of training. */
  date?: string;
}

export interface Prediction {
  probability: number;
  margin: number;
  /** Features that pushed most towards phishing, strongest first (names as written, e.g. "w:verify"). */
  top: string[];
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Value of each present feature: 1/√n (unit-length binary vectors). */
const FEATURE_FLOOR = 1;
export function featureScale(count: number): number {
  return 1 / Math.sqrt(Math.max(FEATURE_FLOOR, count));
}

/** Margin of the raw model (before calibration) for a list of distinct features. */
export function margin(model: ClassifierModel, features: readonly string[]): number {
  const mask = (1 << model.dimBits) - 1;
  const scale = featureScale(features.length);
  let sum = model.bias;
  for (const f of features) sum += (model.weights[fnv1a(f) & mask] ?? 0) * scale;
  return sum;
}

export function predict(model: ClassifierModel, features: readonly string[], topN = 3): Prediction {
  const mask = (1 << model.dimBits) - 1;
  const scale = featureScale(features.length);
  let sum = model.bias;
  const contributions: Array<[string, number]> = [];
  for (const f of features) {
    const c = (model.weights[fnv1a(f) & mask] ?? 0) * scale;
    sum += c;
    if (c > 0) contributions.push([f, c]);
  }
  contributions.sort((a, b) => b[1] - a[1]);
  return {
    probability: sigmoid(model.calibration.a * sum + model.calibration.b),
    margin: sum,
    top: contributions.slice(0, topN).map(([f]) => f),
  };
}

interface ModelFile {
  format: string;
  version: number;
  featureVersion: number;
  dimBits: number;
  chars: number;
  bias: number;
  calibration: { a: number; b: number };
  training: ClassifierModel['training'];
  /** Weights quantised to int16 (`weight = q * weightScale`), little-endian, base64. */
  weightScale: number;
  weights: string;
}

/** Compact JSON: int16-quantised weights in base64 (a 2^18 model is ~700 KB). */
export function serializeModel(model: ClassifierModel): string {
  let maxAbs = 0;
  for (const w of model.weights) maxAbs = Math.max(maxAbs, Math.abs(w));
  const weightScale = maxAbs > 0 ? maxAbs / 32767 : 1;
  const quantised = new Int16Array(model.weights.length);
  for (let i = 0; i < model.weights.length; i++) quantised[i] = Math.round((model.weights[i] ?? 0) / weightScale);
  const file: ModelFile = {
    format: model.format,
    version: model.version,
    featureVersion: model.featureVersion,
    dimBits: model.dimBits,
    chars: model.chars,
    bias: model.bias,
    calibration: model.calibration,
    training: model.training,
    weightScale,
    weights: Buffer.from(quantised.buffer, quantised.byteOffset, quantised.byteLength).toString('base64'),
  };
  return `${JSON.stringify(file)}\n`;
}

export function parseModel(text: string, origin: string): ClassifierModel {
  let file: ModelFile;
  try {
    file = JSON.parse(text) as ModelFile;
  } catch (error) {
    throw new Error(`classifier model ${origin} is not valid JSON: ${(error as Error).message}`);
  }
  if (file.format !== 'phishgate-classifier' || file.version !== 1) throw new Error(`classifier model ${origin} has an unknown format (${String(file.format)} v${String(file.version)})`);
  if (file.featureVersion !== FEATURE_VERSION) {
    throw new Error(
      `classifier model ${origin} was trained with feature version ${String(file.featureVersion)}, but this phishgate computes feature version ${FEATURE_VERSION}: ` +
        'its weights would be read against different features. Retrain it (`phishgate train`, or `npm run train` for the shipped model) or set engine.model_path to a model of this version.',
    );
  }
  if (!Number.isInteger(file.dimBits) || file.dimBits < 8 || file.dimBits > 24) throw new Error(`classifier model ${origin} has an invalid dimBits`);
  const bytes = Buffer.from(file.weights, 'base64');
  if (bytes.length !== 2 * (1 << file.dimBits)) throw new Error(`classifier model ${origin} has ${bytes.length} weight bytes, expected ${2 * (1 << file.dimBits)}`);
  const quantised = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const weights = new Float32Array(quantised.length);
  for (let i = 0; i < quantised.length; i++) weights[i] = (quantised[i] ?? 0) * file.weightScale;
  return {
    format: 'phishgate-classifier',
    version: 1,
    featureVersion: file.featureVersion,
    dimBits: file.dimBits,
    chars: file.chars,
    bias: file.bias,
    weights,
    calibration: file.calibration,
    training: file.training,
  };
}

export function loadModel(path: string): ClassifierModel {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read classifier model ${path}: ${(error as Error).message}`);
  }
  return parseModel(text, path);
}
