import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/engine/classifier/hashing.js';
import { fitLogistic, logitOf, type SparseRow } from '../../scripts/lib/fit.js';

/** Synthetic rule strengths: rule 0 is real evidence, rule 1 is anti-correlated with the label (an artefact). */
function data(n: number): { x: SparseRow[]; y: Array<0 | 1> } {
  const random = seededRandom(7);
  const x: SparseRow[] = [];
  const y: Array<0 | 1> = [];
  for (let i = 0; i < n; i++) {
    const label = (i % 2) as 0 | 1;
    const evidence = random() < (label ? 0.8 : 0.1) ? 1 : 0;
    const artefact = random() < (label ? 0.05 : 0.6) ? 1 : 0;
    const index: number[] = [];
    const value: number[] = [];
    if (evidence) (index.push(0), value.push(1));
    if (artefact) (index.push(1), value.push(1));
    x.push({ index: Int32Array.from(index), value: Float64Array.from(value) });
    y.push(label);
  }
  return { x, y };
}

describe('calibration fit (regularised logistic regression with bounds)', () => {
  const { x, y } = data(2000);
  const base = { x, y, sampleWeight: y.map(() => 1), prior: Float64Array.from([1, 1]), lambda: 0.001 };

  it('learns a positive weight for real evidence and separates the classes', () => {
    const fit = fitLogistic({ ...base, lower: Float64Array.from([-10, -10]), upper: Float64Array.from([10, 10]) });
    expect(fit.weights[0]).toBeGreaterThan(2);
    // Unbounded, the artefact rule is fitted to a negative weight …
    expect(fit.weights[1]).toBeLessThan(-1);
    const phish = x.filter((_, i) => y[i] === 1).map((r) => logitOf(r, fit.weights, fit.bias));
    const ham = x.filter((_, i) => y[i] === 0).map((r) => logitOf(r, fit.weights, fit.bias));
    expect(phish.reduce((a, b) => a + b) / phish.length).toBeGreaterThan(ham.reduce((a, b) => a + b) / ham.length + 2);
  });

  it('keeps a rule on its designed side: the artefact is held at its lower bound, not made negative', () => {
    const fit = fitLogistic({ ...base, lower: Float64Array.from([0.25, 0.25]), upper: Float64Array.from([2.5, 2.5]) });
    expect(fit.weights[1]).toBeCloseTo(0.25, 6);
    expect(fit.weights[0]).toBeGreaterThan(1);
    expect(fit.weights[0]).toBeLessThanOrEqual(2.5);
  });

  it('shrinks towards the prior as λ grows', () => {
    const bounds = { lower: Float64Array.from([-10, -10]), upper: Float64Array.from([10, 10]) };
    const loose = fitLogistic({ ...base, ...bounds });
    const tight = fitLogistic({ ...base, ...bounds, lambda: 100 });
    expect(Math.abs(tight.weights[0]! - 1)).toBeLessThan(Math.abs(loose.weights[0]! - 1));
    expect(tight.weights[0]).toBeCloseTo(1, 1);
    expect(tight.weights[1]).toBeCloseTo(1, 1);
  });
});
