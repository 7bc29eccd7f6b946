import type { Database } from './schema.js';

/**
 * Every table in foreign-key order (parents first) with the columns that order its rows, for
 * `phishgate migrate-data`. A new table must be added here; a test checks that the list matches the schema.
 */
export const TABLES_IN_ORDER: ReadonlyArray<{ name: keyof Database; orderBy: string[] }> = [
  { name: 'plans', orderBy: ['code'] },
  { name: 'tenants', orderBy: ['id'] },
  { name: 'api_keys', orderBy: ['id'] },
  { name: 'analyses', orderBy: ['id'] },
  { name: 'usage_counters', orderBy: ['tenant_id', 'period'] },
  { name: 'list_entries', orderBy: ['id'] },
  { name: 'webhooks', orderBy: ['id'] },
  { name: 'webhook_events', orderBy: ['id'] },
  { name: 'webhook_deliveries', orderBy: ['id'] },
  { name: 'webhook_attempts', orderBy: ['id'] },
  { name: 'analysis_jobs', orderBy: ['analysis_id'] },
  { name: 'quarantined_messages', orderBy: ['id'] },
  { name: 'job_leases', orderBy: ['name'] },
  { name: 'rate_limit_buckets', orderBy: ['bucket_key'] },
  { name: 'feedback', orderBy: ['id'] },
  { name: 'digest_preferences', orderBy: ['tenant_id', 'recipient'] },
  { name: 'digest_state', orderBy: ['tenant_id', 'kind', 'recipient'] },
  { name: 'console_sessions', orderBy: ['id'] },
  { name: 'console_audit', orderBy: ['id'] },
  { name: 'self_service_actions', orderBy: ['link_id'] },
  { name: 'idempotency_keys', orderBy: ['tenant_id', 'livemode', 'key_hash'] },
  { name: 'delivered_copies', orderBy: ['copy_key'] },
  { name: 'sender_history', orderBy: ['tenant_id', 'livemode', 'domain'] },
];
