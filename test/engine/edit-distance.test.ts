import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/engine/text/confusables.js';

/** The one-edit fast path (src/engine/text/confusables.ts) must answer as the full alignment does. */
describe('editDistance', () => {
  it('with max 1 agrees with the full optimal-string-alignment distance', () => {
    const label = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'l', '1'), maxLength: 9 });
    fc.assert(
      fc.property(label, label, (a, b) => {
        expect(editDistance(a, b, 1)).toBe(Math.min(editDistance(a, b, 20), 2));
      }),
      { numRuns: 5000 },
    );
  });

  it('with max 2 or 3 agrees with the distance computed without a bound', () => {
    const label = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '\u0430', '\u00e9'), maxLength: 11 });
    fc.assert(
      fc.property(label, label, fc.constantFrom(2, 3), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(editDistance(a, b, 30), max + 1));
      }),
      { numRuns: 5000 },
    );
  });

  it('one substitution, insertion, deletion or swap of neighbours is one edit; two are more', () => {
    expect(editDistance('paypal', 'paypa1', 1)).toBe(1);
    expect(editDistance('paypal', 'payypal', 1)).toBe(1);
    expect(editDistance('paypal', 'paypl', 1)).toBe(1);
    expect(editDistance('paypal', 'papyal', 1)).toBe(1);
    expect(editDistance('paypal', 'apypla', 1)).toBe(2);
    expect(editDistance('paypal', 'paypal', 1)).toBe(0);
    expect(editDistance('paypal', 'pay', 1)).toBe(2);
  });
});
