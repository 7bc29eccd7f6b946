import { AppError } from '../../core/errors.js';
import type { DigestServiceOptions } from './service.js';

/** Digest settings of a composition without digests configured (tests, CLI): nothing can be sent. */
export const DEFAULT_DIGEST_OPTIONS: DigestServiceOptions = {
  from: 'postmaster@localhost',
  fromName: 'Mail filter quarantine',
  publicUrl: null,
  maxItems: 50,
  retentionDays: 30,
  settingsOf: () => ({ frequency: 'daily', hour: 8, weekday: 1, timeZone: 'UTC', language: 'en', adminAddresses: [], adminFrequency: 'daily' }),
  send: async () => {
    throw new AppError('service_unavailable', 'digests are not configured');
  },
  secrets: [],
};
