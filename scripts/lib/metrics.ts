/** Binary-classification metrics for `npm run eval` (label 1 = phishing). Pure functions, tested. */

export interface Scored {
  label: 0 | 1;
  /** Any monotonic risk score (higher = more likely phishing). */
  score: number;
}

/** ROC AUC by the rank-sum (Mann-Whitney U) formula; ties count one half. */
export function rocAuc(items: readonly Scored[]): number {
  const sorted = [...items].sort((a, b) => a.score - b.score);
  let positives = 0;
  let rankSum = 0;
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.score === sorted[i]!.score) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (sorted[k]!.label === 1) {
        positives++;
        rankSum += rank;
      }
    }
    i = j + 1;
  }
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/**
 * Best recall reachable while the false-positive rate stays ≤ `maxFpr`: the threshold is set just above
 * the (k+1)-th highest legitimate score, k = floor(maxFpr × legitimate count). An oracle threshold on
 * the evaluated scores, reported as such.
 */
export function recallAtFpr(items: readonly Scored[], maxFpr: number): { recall: number; threshold: number; fpr: number } {
  const ham = items.filter((x) => x.label === 0).map((x) => x.score).sort((a, b) => b - a);
  const phish = items.filter((x) => x.label === 1).map((x) => x.score);
  const allowed = Math.floor(maxFpr * ham.length);
  const threshold = ham[allowed] ?? Number.NEGATIVE_INFINITY;
  const fp = ham.filter((s) => s > threshold).length;
  return { recall: phish.filter((s) => s > threshold).length / Math.max(1, phish.length), threshold, fpr: fp / Math.max(1, ham.length) };
}

export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export function confusion(items: ReadonlyArray<{ label: 0 | 1; detected: boolean }>): Confusion {
  const c: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const x of items) {
    if (x.label === 1) x.detected ? c.tp++ : c.fn++;
    else x.detected ? c.fp++ : c.tn++;
  }
  return c;
}

export function rates(c: Confusion): { precision: number; recall: number; f1: number; fpr: number; accuracy: number } {
  const precision = c.tp / Math.max(1, c.tp + c.fp);
  const recall = c.tp / Math.max(1, c.tp + c.fn);
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    fpr: c.fp / Math.max(1, c.fp + c.tn),
    accuracy: (c.tp + c.tn) / Math.max(1, c.tp + c.tn + c.fp + c.fn),
  };
}

/** Mean squared error of probabilities against labels. */
export function brier(items: ReadonlyArray<{ label: 0 | 1; probability: number }>): number {
  return items.reduce((sum, x) => sum + (x.probability - x.label) ** 2, 0) / Math.max(1, items.length);
}

/** Observed phishing share per probability bin: a calibrated score has share ≈ mean probability. */
export function reliability(items: ReadonlyArray<{ label: 0 | 1; probability: number }>, edges: readonly number[] = [0, 0.1, 0.5, 0.8, 0.95, 1.0001]): Array<{ from: number; to: number; n: number; meanProbability: number; phishingShare: number }> {
  const bins = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const inBin = items.filter((x) => x.probability >= edges[i]! && x.probability < edges[i + 1]!);
    bins.push({
      from: edges[i]!,
      to: Math.min(1, edges[i + 1]!),
      n: inBin.length,
      meanProbability: inBin.reduce((s, x) => s + x.probability, 0) / Math.max(1, inBin.length),
      phishingShare: inBin.filter((x) => x.label === 1).length / Math.max(1, inBin.length),
    });
  }
  return bins;
}
