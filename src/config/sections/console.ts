import { Type } from '@sinclair/typebox';
import { Section } from './common.js';

/** The admin web console on the HTTP door (docs/console.md). */
export const ConsoleSection = Section({
  /** Serve the console; false = its paths answer 404 like any unknown path. */
  enabled: Type.Boolean(),
  /** Where it is mounted: `/` or a prefix such as `/console` (no trailing slash, not `/v1` or `/docs`). */
  path: Type.String({ pattern: '^/([A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*)?$', maxLength: 100 }),
  /** A session unused this long ends (minutes). */
  idle_minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  /** A session ends this long after sign-in, used or not (hours). */
  absolute_hours: Type.Integer({ minimum: 1, maximum: 168 }),
  /** Sign-in attempts allowed per client address per minute (a burst of this many, refilled over a minute). */
  sign_in_per_minute: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** API key ids (`key_…`) whose holders sign in as operators: they may look at and act for every tenant. */
  operator_keys: Type.Array(Type.String({ pattern: '^key_[A-Za-z0-9_]{1,120}$' }), { maxItems: 100 }),
});
