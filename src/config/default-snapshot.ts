import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The parsed form of config/default.yaml, written once by the build (scripts/build.mjs) beside the
 * compiled loader. Parsing that 40 KB file was about 60 ms of CPU at every start of every command, with
 * the YAML parser's code still cold (docs/performance.md, "Start-up"); reading the snapshot is well
 * under a millisecond. It is keyed by a digest of the YAML text, so an edited default.yaml (by hand, or
 * by `npm run calibrate`) is parsed again until the next build, never read stale.
 */
export const DEFAULT_SNAPSHOT_PATH = fileURLToPath(new URL('./default-config.json', import.meta.url));

interface Snapshot {
  sha256: string;
  config: Record<string, unknown>;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The snapshot's configuration when it was made from exactly `text`; null when absent or made from another text. */
export function readDefaultSnapshot(text: string, path: string = DEFAULT_SNAPSHOT_PATH): Record<string, unknown> | null {
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  } catch {
    return null;
  }
  return snapshot.sha256 === digest(text) && typeof snapshot.config === 'object' && snapshot.config !== null ? snapshot.config : null;
}

/** Writes the snapshot of `config`, parsed from `text`. */
export function writeDefaultSnapshot(text: string, config: Record<string, unknown>, path: string = DEFAULT_SNAPSHOT_PATH): void {
  writeFileSync(path, JSON.stringify({ sha256: digest(text), config } satisfies Snapshot));
}
