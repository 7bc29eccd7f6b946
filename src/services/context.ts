import type { Clock } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Store } from '../store/database.js';

/** What every service is built from; tests pass a manual clock and a real store on a temp file. */
export interface ServiceContext {
  store: Store;
  clock: Clock;
  newId: IdGenerator;
}
