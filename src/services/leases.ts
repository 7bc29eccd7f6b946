import { toIso } from '../core/clock.js';
import type { Store } from '../store/database.js';
import { acquireLease, releaseLease } from '../store/repositories/leases.js';

/**
 * Named leases in the shared store, so that in a deployment of several processes a scheduled job runs in one of
 * them at a time (docs/architecture.md, "Jobs").
 */
export function createLeases(store: Store) {
  return {
    /** Takes or renews `name` for `holder` until `until` (epoch ms); false when another holder has it. */
    acquire(name: string, holder: string, now: number, until: number): Promise<boolean> {
      return acquireLease(store.db, name, holder, toIso(now), toIso(until));
    },
    release(name: string, holder: string): Promise<void> {
      return releaseLease(store.db, name, holder);
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;
