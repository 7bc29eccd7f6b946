import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './2026-11-21-001-initial.js';
import { webhooks } from './2026-11-21-002-webhooks.js';
import { quarantine } from './2026-11-21-003-quarantine.js';
import { jobLeases } from './2026-11-21-004-job-leases.js';
import { rateLimitBuckets } from './2026-11-21-005-rate-limit-buckets.js';
import { feedback } from './2026-11-24-16-feedback.js';
import { recipientListEntries } from './2026-11-24-16-recipient-list-entries.js';
import { digests } from './2026-11-24-16-digests.js';
import { consoleTables } from './2026-11-24-15-console.js';
import { selfService } from './2026-11-24-16-self-service.js';
import { retries } from './2026-11-24-17-retries.js';
import { analysesListing } from './2026-11-24-18-analyses-listing.js';
import { auditVia } from './2026-12-06-01-audit-via.js';
import { senderHistory } from './2026-12-06-02-sender-history.js';

/**
 * Static list (no directory scan), so migrations work the same from `src/` under tsx and from `dist/`.
 * Names sort in the order they must run.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-initial': initial,
  '2026-11-21-002-webhooks': webhooks,
  '2026-11-21-003-quarantine': quarantine,
  '2026-11-21-004-job-leases': jobLeases,
  '2026-11-21-005-rate-limit-buckets': rateLimitBuckets,
  '2026-11-24-16-feedback': feedback,
  '2026-11-24-16-recipient-list-entries': recipientListEntries,
  '2026-11-24-16-digests': digests,
  '2026-11-24-15-console': consoleTables,
  '2026-11-24-16-self-service': selfService,
  '2026-11-24-17-retries': retries,
  '2026-11-24-18-analyses-listing': analysesListing,
  '2026-12-06-01-audit-via': auditVia,
  '2026-12-06-02-sender-history': senderHistory,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
