/**
 * The tenant models `serve` uses (docs/recipients.md, "Tenant learning"): `<models_dir>/<tenant id>.json`
 * when it exists, else the engine's own (shipped or configured) model. Each tenant's file is looked at
 * again at most every `checkMs`; a changed modification time or size loads the new model, so
 * `phishgate train --tenant` takes effect without a restart. A file that cannot be read as a model is
 * reported once and the model in use stays.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { modelFromText, type ClassifierModel } from './classifier-api.js';

/** Tenant ids become file names: only these characters, so no id can reach outside the folder. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const tenantModelPath = (dir: string, tenantId: string): string => {
  if (!SAFE_ID.test(tenantId)) throw new Error(`tenant id "${tenantId.slice(0, 40)}" cannot name a model file`);
  return join(dir, `${tenantId}.json`);
};

interface Entry {
  checkedAt: number;
  /** mtime and size of the file loaded (or found unreadable); null: no file. */
  stamp: string | null;
  model: ClassifierModel | undefined;
}

export interface TenantModelsOptions {
  dir: string;
  checkMs: number;
  now?: () => number;
  onError?: (tenantId: string, error: unknown) => void;
}

export function createTenantModels(options: TenantModelsOptions) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;

  async function refresh(tenantId: string, entry: Entry | undefined): Promise<Entry> {
    let path: string;
    try {
      path = tenantModelPath(options.dir, tenantId);
    } catch {
      return { checkedAt: now(), stamp: null, model: undefined };
    }
    let stamp: string | null = null;
    try {
      const info = await stat(path);
      stamp = `${info.mtimeMs}:${info.size}`;
    } catch {
      return { checkedAt: now(), stamp: null, model: undefined };
    }
    if (entry && entry.stamp === stamp) return { ...entry, checkedAt: now() };
    try {
      return { checkedAt: now(), stamp, model: modelFromText(await readFile(path, 'utf8'), path) };
    } catch (error) {
      options.onError?.(tenantId, error);
      return { checkedAt: now(), stamp, model: entry?.model };
    }
  }

  return {
    /** The tenant's own model, or undefined for the engine's. */
    async modelFor(tenantId: string): Promise<ClassifierModel | undefined> {
      const entry = entries.get(tenantId);
      if (entry && now() - entry.checkedAt < options.checkMs) return entry.model;
      const next = await refresh(tenantId, entry);
      entries.set(tenantId, next);
      return next.model;
    },
  };
}

export type TenantModels = ReturnType<typeof createTenantModels>;
