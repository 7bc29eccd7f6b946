import { describe, expect, it } from 'vitest';
import { brier, confusion, rates, recallAtFpr, rocAuc } from '../../scripts/lib/metrics.js';

describe('eval metrics', () => {
  const items = [
    { label: 1 as const, score: 0.9 },
    { label: 1 as const, score: 0.8 },
    { label: 1 as const, score: 0.3 },
    { label: 0 as const, score: 0.4 },
    { label: 0 as const, score: 0.2 },
    { label: 0 as const, score: 0.1 },
  ];
  it('ROC AUC by rank sum, ties counted half', () => {
    expect(rocAuc(items)).toBeCloseTo(8 / 9);
    expect(rocAuc([{ label: 1, score: 1 }, { label: 0, score: 1 }])).toBe(0.5);
  });
  it('recall at a false-positive budget', () => {
    expect(recallAtFpr(items, 0)).toMatchObject({ recall: 2 / 3, fpr: 0 });
    expect(recallAtFpr(items, 0.34)).toMatchObject({ recall: 1, fpr: 1 / 3 });
  });
  it('precision, recall, F1, FPR and Brier', () => {
    const c = confusion([{ label: 1, detected: true }, { label: 1, detected: false }, { label: 0, detected: true }, { label: 0, detected: false }]);
    expect(c).toEqual({ tp: 1, fn: 1, fp: 1, tn: 1 });
    expect(rates(c)).toMatchObject({ precision: 0.5, recall: 0.5, f1: 0.5, fpr: 0.5 });
    expect(brier([{ label: 1, probability: 1 }, { label: 0, probability: 0.5 }])).toBeCloseTo(0.125);
  });
});
