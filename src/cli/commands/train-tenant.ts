import { resolve } from 'node:path';
import { loadConfig } from '../../config/loader.js';
import { loadConfiguredModel } from '../../engine/classifier/stage.js';
import { featureLimitsOf, parseLimitsOf } from '../../engine/limits.js';
import { parseRawMessage } from '../../mail/parse-raw.js';
import { trainTenantModel } from '../../services/learning/tenant-training.js';
import { UsageError, writeJson, type CliIo } from '../io.js';
import { withRuntime } from '../runtime.js';

/**
 * `phishgate train --tenant ID [--base DIR]` (docs/recipients.md, "Tenant learning"): trains the tenant's
 * own model on the base corpus plus the tenant's labelled messages and swaps it in when it validates.
 * Prints the report as JSON; exit 0 whether or not the model was replaced (the report says why).
 */
export async function trainTenant(tenantId: string, base: string | undefined, io: CliIo): Promise<number> {
  const config = loadConfig({ env: io.env });
  const baseCorpus = base ?? config.learning.base_corpus;
  if (!baseCorpus) throw new UsageError('train --tenant needs the base corpus the tenant model starts from: --base DIR or learning.base_corpus (a labelled corpus folder, see docs/recipients.md)');
  const report = await withRuntime(io, async (rt) => {
    await rt.services.tenants.get(tenantId);
    return trainTenantModel(tenantId, rt.services.labelledFeedback(tenantId, config.learning.max_feedback), {
      baseCorpus: resolve(io.cwd, baseCorpus),
      modelsDir: resolve(io.cwd, config.learning.models_dir),
      maxFeedback: config.learning.max_feedback,
      minFeedback: config.learning.min_feedback,
      minPerLabel: config.learning.min_per_label,
      holdoutFraction: config.learning.holdout_fraction,
      maxMessageBytes: config.feedback.max_message_bytes,
      featureLimits: featureLimitsOf(config.engine),
      parse: (raw) => parseRawMessage(raw, parseLimitsOf(config.engine)),
      defaultModel: loadConfiguredModel(config.engine, io.cwd),
    });
  });
  writeJson(io, report);
  io.stderr.write(`${report.replaced ? 'tenant model replaced' : 'tenant model not replaced'}: ${report.reason}\n`);
  return 0;
}
