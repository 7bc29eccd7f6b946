/**
 * The progress line of long `scan` runs: count, rate and ETA on stderr, redrawn in place. Only when stderr
 * is a terminal (a pipe or a log file gets nothing) and only once a run has lasted `delayMs`, so short
 * scans stay silent.
 */
export interface ProgressOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  /** Bytes to read in all, for the ETA; 0 = unknown (no ETA). */
  totalBytes: number;
  now?: () => number;
  delayMs?: number;
  intervalMs?: number;
}

export interface Progress {
  update(count: number, bytes: number): void;
  /** Erases the line, if one was drawn. */
  done(): void;
}

function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export function progressLine(count: number, bytes: number, totalBytes: number, elapsedMs: number): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? count / seconds : 0;
  let line = `${count.toLocaleString('en')} message${count === 1 ? '' : 's'}, ${rate.toFixed(0)}/s`;
  if (totalBytes > 0 && bytes > 0) {
    const share = Math.min(1, bytes / totalBytes);
    const eta = share > 0 ? seconds * (1 - share) / share : 0;
    line += `, ${Math.floor(share * 100)}%, ETA ${duration(eta)}`;
  }
  return line;
}

export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const delayMs = options.delayMs ?? 2000;
  const intervalMs = options.intervalMs ?? 250;
  const started = now();
  let lastDrawn = -Infinity;
  let drawn = false;
  const enabled = options.stream.isTTY === true;
  return {
    update(count, bytes) {
      if (!enabled) return;
      const t = now();
      if (t - started < delayMs || t - lastDrawn < intervalMs) return;
      lastDrawn = t;
      drawn = true;
      options.stream.write(`\r\x1b[K${progressLine(count, bytes, options.totalBytes, t - started)}`);
    },
    done() {
      if (drawn) options.stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
