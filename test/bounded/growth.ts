/**
 * Complexity as a growth ratio (docs/performance.md): the median time of `work` on an input of size 2n
 * over the median on size n. Inputs are built before timing; runs alternate between the two sizes so a
 * busy neighbour slows both alike. Linear work gives about 2, quadratic about 4. Never an absolute time.
 */
export async function growthRatio<T>(
  build: (size: number) => T,
  work: (input: T) => unknown,
  start: number,
  { runs = 7, minMs = 25, maxSize = start * 64, floorMs = 5, attempts = 3 } = {},
): Promise<number> {
  const timed = async (input: T): Promise<number> => {
    const t0 = performance.now();
    await work(input);
    return performance.now() - t0;
  };
  // Sizes too small to time are noise: double until one run takes a measurable while (or the cap, where
  // engine.limits make the cost flat).
  let size = start;
  while ((await timed(build(size))) < minMs && size * 2 <= maxSize) size *= 2;
  const small = build(size);
  const large = build(2 * size);
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

/** Doubling the input must not more than triple the time (linear or n·log n passes, quadratic fails). */
export const MAX_GROWTH = 3;
