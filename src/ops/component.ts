/** Something `serve` started and must stop: a door, a listener, a background worker. */
export interface Component {
  name: string;
  /** host:port for listeners, logged at start-up. */
  address?: string;
  /** Stop accepting new work, finish what is in flight within `graceMs`, then release everything. */
  close(graceMs: number): Promise<void>;
}

/** Resolves when `work` settles or `ms` pass, whichever is first; never rejects. */
export async function withinGrace(work: Promise<unknown>, ms: number): Promise<'done' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([work.then(() => 'done' as const, () => 'done' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
