/**
 * Regularised logistic regression with box constraints, for `npm run calibrate` (docs/detection.md,
 * "How the weights are fitted"): logit = bias + Σ wⱼ·xⱼ, minimising the weighted log-loss plus
 * λ/2 · Σ (wⱼ − priorⱼ)², each wⱼ kept inside [lowerⱼ, upperⱼ]. Shrinking towards the prior (not towards
 * 0) means a rule that rarely fires keeps its designed weight; the bounds keep each rule on the side it
 * was designed for. Solved by projected accelerated gradient descent (FISTA): the problem is convex, so
 * it converges to the one optimum from any start.
 */

/** A sparse row: the rules that fired on one message and their strengths. */
export interface SparseRow {
  index: Int32Array;
  value: Float64Array;
}

export interface FitProblem {
  /** Rows of features (rule strengths 0..1), one per message. */
  x: ReadonlyArray<SparseRow>;
  y: ReadonlyArray<0 | 1>;
  /** Weight of each message in the loss (e.g. class and source balance). */
  sampleWeight: ReadonlyArray<number>;
  prior: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
  lambda: number;
  /** Fixed extra log-odds per message (rules not fitted). */
  offset?: ReadonlyArray<number>;
  /**
   * When set, the bias is shrunk towards it like the weights (λ/2 · (bias − priorBias)²): with every
   * parameter tied to the designed model, a large λ gives back exactly that model.
   */
  priorBias?: number;
}

export interface FitResult {
  weights: Float64Array;
  bias: number;
  iterations: number;
  loss: number;
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function lossAndGradient(p: FitProblem, w: Float64Array, bias: number, grad: Float64Array): { loss: number; gradBias: number } {
  const d = w.length;
  grad.fill(0);
  let gradBias = 0;
  let loss = 0;
  let total = 0;
  for (let i = 0; i < p.x.length; i++) {
    const row = p.x[i]!;
    let z = bias + (p.offset?.[i] ?? 0);
    for (let k = 0; k < row.index.length; k++) z += w[row.index[k]!]! * row.value[k]!;
    const s = p.sampleWeight[i]!;
    const y = p.y[i]!;
    // log(1 + e^-|z|) form: no overflow for large |z|.
    loss += s * (Math.max(z, 0) - z * y + Math.log1p(Math.exp(-Math.abs(z))));
    const r = s * (sigmoid(z) - y);
    gradBias += r;
    for (let k = 0; k < row.index.length; k++) grad[row.index[k]!] = grad[row.index[k]!]! + r * row.value[k]!;
    total += s;
  }
  loss /= total;
  gradBias /= total;
  if (p.priorBias !== undefined) {
    gradBias += p.lambda * (bias - p.priorBias);
    loss += (p.lambda / 2) * (bias - p.priorBias) ** 2;
  }
  for (let j = 0; j < d; j++) {
    const diff = w[j]! - p.prior[j]!;
    grad[j] = grad[j]! / total + p.lambda * diff;
    loss += (p.lambda / 2) * diff * diff;
  }
  return { loss, gradBias };
}

export function fitLogistic(p: FitProblem, maxIterations = 3000, tolerance = 1e-9): FitResult {
  const d = p.prior.length;
  // Lipschitz bound of the gradient: ¼·max row norm² (+1 for the bias) + λ.
  let maxNorm = 0;
  for (const row of p.x) {
    let n = 1;
    for (const v of row.value) n += v * v;
    maxNorm = Math.max(maxNorm, n);
  }
  const step = 1 / (0.25 * maxNorm + p.lambda);
  const clamp = (w: Float64Array): void => {
    for (let j = 0; j < d; j++) w[j] = Math.min(p.upper[j]!, Math.max(p.lower[j]!, w[j]!));
  };
  let w = Float64Array.from(p.prior);
  clamp(w);
  let bias = p.priorBias ?? 0;
  let yW = Float64Array.from(w);
  let yB = bias;
  let t = 1;
  const grad = new Float64Array(d);
  let previousLoss = Number.POSITIVE_INFINITY;
  let iterations = 0;
  let loss = Number.POSITIVE_INFINITY;
  for (; iterations < maxIterations; iterations++) {
    const { gradBias } = lossAndGradient(p, yW, yB, grad);
    const nextW = new Float64Array(d);
    for (let j = 0; j < d; j++) nextW[j] = yW[j]! - step * grad[j]!;
    clamp(nextW);
    const nextB = yB - step * gradBias;
    const nextT = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
    const momentum = (t - 1) / nextT;
    yW = new Float64Array(d);
    for (let j = 0; j < d; j++) yW[j] = nextW[j]! + momentum * (nextW[j]! - w[j]!);
    clamp(yW);
    yB = nextB + momentum * (nextB - bias);
    w = nextW;
    bias = nextB;
    t = nextT;
    if (iterations % 25 === 0) {
      loss = lossAndGradient(p, w, bias, grad).loss;
      if (Math.abs(previousLoss - loss) < tolerance) break;
      // Restart the momentum when it overshoots (keeps FISTA monotone in practice).
      if (loss > previousLoss) {
        t = 1;
        yW = Float64Array.from(w);
        yB = bias;
      }
      previousLoss = loss;
    }
  }
  loss = lossAndGradient(p, w, bias, grad).loss;
  return { weights: w, bias, iterations, loss };
}

/** Predicted log-odds of one row. */
export function logitOf(row: SparseRow, weights: Float64Array, bias: number, offset = 0): number {
  let z = bias + offset;
  for (let k = 0; k < row.index.length; k++) z += weights[row.index[k]!]! * row.value[k]!;
  return z;
}
