import type { Config } from '../../config/schema.js';
import { normalizeEmail } from '../list-values.js';
import type { TenantDigestSettings } from './settings.js';

/** Each tenant's digest settings: `digests.defaults` with that tenant's overrides from `digests.tenants`. */
export function digestSettingsFromConfig(digests: Config['digests']): (tenantId: string) => TenantDigestSettings {
  const cache = new Map<string, TenantDigestSettings>();
  return (tenantId) => {
    let settings = cache.get(tenantId);
    if (!settings) {
      const merged = { ...digests.defaults, ...digests.tenants[tenantId] };
      settings = {
        frequency: merged.frequency,
        hour: merged.hour,
        weekday: merged.weekday,
        timeZone: merged.time_zone,
        language: merged.language,
        adminAddresses: [...new Set(merged.admin_addresses.map((a) => normalizeEmail(a)).filter((a): a is string => a !== null))],
        adminFrequency: merged.admin_frequency,
      };
      cache.set(tenantId, settings);
    }
    return settings;
  };
}
