/** Two small pieces the background jobs share: a coalescing trigger and a self-rescheduling poll. */

/**
 * Runs `work` when triggered; triggers that arrive while it runs fold into one more run afterwards.
 * Errors go to `onError` (a background job never rejects into nowhere).
 */
export function coalesced(work: () => Promise<void>, onError: (error: unknown) => void): { trigger(): Promise<void>; idle(): Promise<void> } {
  let current: Promise<void> | null = null;
  let again = false;
  return {
    trigger() {
      if (current) {
        again = true;
        return current;
      }
      current = (async () => {
        do {
          again = false;
          await work();
        } while (again);
      })()
        .catch(onError)
        .finally(() => {
          current = null;
        });
      return current;
    },
    idle: () => current ?? Promise.resolve(),
  };
}

/** Calls `tick` now, then `intervalMs` after each run ends; the timer never keeps the process alive. */
export function poller(intervalMs: number, tick: () => Promise<void>): { start(): void; stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = (delay: number): void => {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(() => schedule(intervalMs)), delay);
    timer.unref();
  };
  return {
    start: () => schedule(0),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
