/** Time is injected everywhere so that quotas, retention and signatures are testable. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can move by hand. */
export function manualClock(start: number | string | Date): Clock & { set(t: number | string | Date): void; advance(ms: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => current,
    set: (t) => {
      current = new Date(t).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const toIso = (ms: number): string => new Date(ms).toISOString();
