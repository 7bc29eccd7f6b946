/** Who gets which digest when, from `digests` in the configuration and each recipient's own choice. */
import type { DigestLanguage } from './i18n.js';
import type { DigestFrequency, DigestSchedule } from './schedule.js';

export interface TenantDigestSettings {
  frequency: DigestFrequency;
  hour: number;
  weekday: number;
  timeZone: string;
  language: DigestLanguage;
  /** Addresses that get the tenant's admin digest (all new held mail of the tenant). */
  adminAddresses: string[];
  adminFrequency: DigestFrequency;
}

export interface RecipientPreference {
  frequency: DigestFrequency;
  hour: number | null;
  weekday: number | null;
  timeZone: string | null;
}

/** A recipient's schedule: their own choice where they made one, the tenant's for the rest. */
export function recipientSchedule(tenant: TenantDigestSettings, own: RecipientPreference | undefined): DigestSchedule {
  return {
    frequency: own?.frequency ?? tenant.frequency,
    hour: own?.hour ?? tenant.hour,
    weekday: own?.weekday ?? tenant.weekday,
    timeZone: own?.timeZone ?? tenant.timeZone,
  };
}

export const adminSchedule = (tenant: TenantDigestSettings): DigestSchedule => ({ frequency: tenant.adminFrequency, hour: tenant.hour, weekday: tenant.weekday, timeZone: tenant.timeZone });
