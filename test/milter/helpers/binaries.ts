import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Absolute path of an executable on PATH (or the sbin dirs root has), or null. */
export function findBinary(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return null;
}
