/**
 * When a digest is due (docs/recipients.md): the most recent scheduled instant at or before now, in the
 * recipient's time zone. Pure functions of an instant, so the digest job runs on an injected clock.
 */
import { HOUR_MS } from '../../core/clock.js';

export const DIGEST_FREQUENCIES = ['never', 'hourly', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export interface DigestSchedule {
  frequency: DigestFrequency;
  /** Local hour (0–23) of daily and weekly digests. */
  hour: number;
  /** Day of weekly digests: 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** IANA time zone, e.g. Europe/Paris. */
  timeZone: string;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows the time zone (config and API validation). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallClock(ms: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(ms).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday!] ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in ms (wall clock read as UTC minus the instant). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(ms / 60_000) * 60_000;
}

/** The instant a local wall-clock time names (a time skipped by a DST change lands just after the gap). */
export function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return second;
}

/** The local calendar date `days` before the given one (no time zone involved: plain date arithmetic). */
function shiftDate(w: WallClock, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day - days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The latest scheduled instant at or before `now`: the start of the current local hour (hourly), today's
 * or yesterday's `hour:00` (daily), the last `weekday` at `hour:00` (weekly); null for `never`.
 */
export function latestSlot(now: number, schedule: DigestSchedule): number | null {
  const tz = schedule.timeZone;
  const w = wallClock(now, tz);
  switch (schedule.frequency) {
    case 'never':
      return null;
    case 'hourly': {
      const t = instantOf(w.year, w.month, w.day, w.hour, tz);
      return t <= now ? t : t - HOUR_MS;
    }
    case 'daily': {
      for (const back of [0, 1, 2]) {
        const d = shiftDate(w, back);
        const t = instantOf(d.year, d.month, d.day, schedule.hour, tz);
        if (t <= now) return t;
      }
      return null;
    }
    case 'weekly': {
      const back = (w.weekday - schedule.weekday + 7) % 7;
      for (const extra of [0, 7, 14]) {
        const d = shiftDate(w, back + extra);
        const t = instantOf(d.year, d.month, d.day, schedule.hour, tz);
        if (t <= now) return t;
      }
      return null;
    }
  }
}
