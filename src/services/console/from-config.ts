import { HOUR_MS, MINUTE_MS } from '../../core/clock.js';
import type { Config } from '../../config/schema.js';
import type { ConsoleSessionOptions } from './sessions.js';

export const consoleSessionOptionsFromConfig = (config: Config['console']): ConsoleSessionOptions => ({
  idleMs: config.idle_minutes * MINUTE_MS,
  absoluteMs: config.absolute_hours * HOUR_MS,
  operatorKeys: config.operator_keys,
});
