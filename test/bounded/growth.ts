/**
 * Complexity as a growth ratio (docs/performance.md): the median time of `work` on an input of size 4n
 * over the median on size n. Inputs are built before timing; runs alternate between the two sizes so a
 * busy neighbour slows both alike. Linear work gives about 4, n·log n a little more, quadratic about 16.
 * A factor of 4 rather than 2 keeps the two classes far apart: with doubling, linear (2) and quadratic (4)
 * were close enough that a burst of load on a shared 2-core machine crossed the bound. Never an absolute time.
 */
export async function growthRatio<T>(
  build: (size: number) => T,
  work: (input: T) => unknown,
  start: number,
  { runs = 7, minMs = 25, maxSize = start * 64, floorMs = 5, attempts = 5 } = {},
): Promise<number> {
  // Repetitions of `work` per timed run: 1 unless the sizes are capped below what one run can time.
  let repeats = 1;
  const timed = async (input: T): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < repeats; i++) await work(input);
    return performance.now() - t0;
  };
  // Sizes too small to time are noise: double until one run takes a measurable while (or the cap, where
  // engine.limits make the cost flat). The large input is at most 2 × maxSize, as callers' caps assume.
  let size = start;
  while ((await timed(build(size))) < minMs && size * 4 <= maxSize) size *= 2;
  const small = build(size);
  const large = build(GROWTH_FACTOR * size);
  // Where a product limit caps the input (MAX_LINK_CHARS, say) one run of the small size may still be too
  // short to time: repeat the work, the same count at both sizes, until it is measurable.
  while ((await timed(small)) < minMs && repeats < MAX_REPEATS) repeats *= 2;
  await timed(large);
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  // On a machine shared with other test runs one series can be skewed by a burst of load: a ratio over
  // the bound is measured again (up to `attempts` series) and the lowest counts. Real super-linear
  // work exceeds the bound in every series.
  let best = Infinity;
  for (let attempt = 0; attempt < attempts && best >= MAX_GROWTH; attempt++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < runs; i++) {
      a.push(await timed(small));
      b.push(await timed(large));
    }
    // Below a few milliseconds both sizes are capped work and the ratio would only measure noise.
    best = Math.min(best, Math.max(median(b), floorMs) / Math.max(median(a), floorMs));
  }
  return best;
}

/** Most repetitions of the work per timed run (inputs so small that even this is untimeable measure only noise). */
const MAX_REPEATS = 1 << 16;

/** How much larger the second input is than the first. */
export const GROWTH_FACTOR = 4;

/**
 * Quadrupling the input must not make the work more than 8 times slower: linear (≈4) and n·log n (≈4.5)
 * pass with room for a noisy neighbour, quadratic (≈16) fails in every series.
 */
export const MAX_GROWTH = 8;

/**
 * The largest `maxSize` for growthRatio whose large input (at most 2 × maxSize) still has at most
 * `maxLength` characters, for inputs a product limit caps. Throws when even size 1 is over.
 */
export function maxSizeWithin(build: (size: number) => { length: number }, maxLength: number): number {
  let size = 1;
  if (build(2).length > maxLength) throw new Error(`input of size 2 is already over ${maxLength} characters`);
  while (build(2 * (size + 1)).length <= maxLength) size++;
  return size;
}
