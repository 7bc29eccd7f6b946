import type { Config } from '../../config/schema.js';
import { digestSettingsFromConfig } from './config.js';
import type { DigestLinks, DigestSender, DigestServiceOptions } from './service.js';

/** The digest service's options from `digests` and `gateway.quarantine_days` (docs/recipients.md). */
export function digestOptionsFromConfig(config: Pick<Config, 'digests' | 'gateway'>, secrets: readonly string[], send: DigestSender, links?: DigestLinks): DigestServiceOptions {
  return {
    from: config.digests.from,
    fromName: config.digests.from_name,
    publicUrl: config.digests.public_url,
    maxItems: config.digests.max_items,
    retentionDays: config.gateway.quarantine_days,
    settingsOf: digestSettingsFromConfig(config.digests),
    send,
    secrets,
    ...(links && { links }),
  };
}
