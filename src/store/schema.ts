/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL (docs/operations.md): ids are made in the
 * app, timestamps are ISO-8601 UTC text (sortable as text), booleans are 0/1 integers, JSON is text,
 * money is integer micro-euros (no float drift in sums).
 */
import type { Generated } from 'kysely';

export interface PlansTable {
  code: string;
  name: string;
  monthly_price_eur: number | null;
  /** Analyses included per month; null = unlimited. */
  included_quota: number | null;
  /** Price of each analysis beyond the quota, micro-euros; null = none (refused) or negotiated. */
  surplus_micros: number | null;
  sort_order: number;
}

export interface TenantsTable {
  id: string;
  name: string;
  plan_code: string;
  hard_limit: number;
  quota_limit: number | null;
  rate_per_second: number | null;
  rate_burst: number | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  name: string;
  mode: string;
  /** Comma-separated subset of read,write,admin. */
  scopes: string;
  /** SHA-256 hex of the full key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, for people to recognise it in listings. */
  key_prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface AnalysesTable {
  id: string;
  tenant_id: string;
  livemode: number;
  source: string;
  status: string;
  verdict: string | null;
  score: number | null;
  subject: string;
  from_addr: string;
  to_addr: string;
  /** The client-visible result object (AnalysisRecord) as JSON; null while queued. */
  result_json: string | null;
  /**
   * The rules that fired (id, strength, weight, reason) as JSON, for the console's analysis page and its
   * search by rule; null for queued analyses and for those stored before it was kept. Optional on insert.
   */
  rules_json?: string | null;
  cost_micros: number;
  api_key_id: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface UsageCountersTable {
  tenant_id: string;
  /** Calendar month in UTC, `YYYY-MM`. */
  period: string;
  used: number;
}

export interface ListEntriesTable {
  id: string;
  tenant_id: string;
  livemode: number;
  list: string;
  type: string;
  value: string;
  note: string | null;
  created_at: string;
  expires_at: string | null;
  /** '' for a tenant-wide entry, else the one recipient of the tenant it applies to (docs/recipients.md). */
  recipient: string;
}

export interface QuarantinedMessagesTable {
  id: string;
  tenant_id: string;
  livemode: number;
  source: string;
  analysis_id: string;
  verdict: string;
  score: number;
  /** JSON array of strings. */
  reasons: string;
  mail_from: string;
  /** JSON array of the tenant's envelope recipients. */
  rcpt_to: string;
  subject: string;
  from_addr: string;
  client_address: string | null;
  client_helo: string | null;
  queue_id: string | null;
  size: number;
  /** JSON array of { name, value }. */
  add_headers: string;
  new_subject: string | null;
  created_at: string;
  released_at: string | null;
  released_by: string | null;
  release_reply: string | null;
  /** The message exactly as received (blob / bytea). */
  raw: Buffer;
}

export interface JobLeasesTable {
  name: string;
  /** Process that holds the lease (`host:pid:random`). */
  holder: string;
  expires_at: string;
}

export interface RateLimitBucketsTable {
  bucket_key: string;
  tokens: number;
  /** Last refill, epoch milliseconds. */
  updated_ms: number;
}

export interface WebhooksTable {
  id: string;
  tenant_id: string;
  livemode: number;
  url: string;
  /** Comma-separated event types. */
  events: string;
  /** HMAC key, kept readable so it can sign; never returned or logged. */
  secret: string;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  analysis_id: string;
  type: string;
  /** The exact JSON body sent and signed on every attempt. */
  payload: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  /** pending | succeeded | failed */
  status: string;
  attempt_count: number;
  retry_step: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  lock_token: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  succeeded: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
}

/** Asynchronous analyses waiting to run (the analysis row itself has status `queued`). */
export interface AnalysisJobsTable {
  analysis_id: string;
  message_json: string;
  charge_quota: number;
  locked_until: string | null;
  lock_token: string | null;
  created_at: string;
}

/** The latest human label of an analysis (docs/recipients.md), with the message when phishgate had it. */
export interface FeedbackTable {
  id: string;
  tenant_id: string;
  livemode: number;
  analysis_id: string;
  /** phishing | ham */
  label: string;
  note: string | null;
  /** api | console | release | self_service | report */
  source: string;
  actor: string | null;
  verdict: string | null;
  subject: string;
  from_addr: string;
  created_at: string;
  updated_at: string;
  message_size: number | null;
  message_sha256: string | null;
  message_truncated: number;
  message_raw: Buffer | null;
}

/** A recipient's own choice of digest frequency (docs/recipients.md); null fields follow the tenant. */
export interface DigestPreferencesTable {
  tenant_id: string;
  recipient: string;
  frequency: string;
  hour: number | null;
  weekday: number | null;
  time_zone: string | null;
  created_at: string;
  updated_at: string;
}

/** How far each digest got: quarantined mail created up to `covered_until` was reported or not due. */
export interface DigestStateTable {
  tenant_id: string;
  /** recipient | admin */
  kind: string;
  /** The recipient's address; '' for the admin digest. */
  recipient: string;
  covered_until: string;
  last_sent_at: string | null;
  last_count: number;
}

/** A console sign-in (docs/console.md); the row's id is the SHA-256 of the cookie's token. */
export interface ConsoleSessionsTable {
  id: string;
  key_id: string;
  operator: number;
  view_tenant_id: string;
  view_livemode: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Who did what to which message through the console, the REST API or the CLI (docs/console.md). */
export interface ConsoleAuditTable {
  id: string;
  tenant_id: string;
  livemode: number;
  /** The API key that acted, or "cli" for the command line. */
  actor_key_id: string;
  actor_name: string;
  operator: number;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON object. */
  detail: string;
  created_at: string;
  /** console | api | cli */
  via: string;
}

/** What a recipient did through a one-click link (docs/recipients.md). */
export interface SelfServiceActionsTable {
  /** The link's random id: a link works once. */
  link_id: string;
  tenant_id: string;
  quarantine_id: string;
  recipient: string;
  /** release | release_allow | delete */
  action: string;
  acted_at: string;
}

/**
 * The analysis made for a retry key of one tenant and mode (docs/security.md "Faults and retries"),
 * written in the analysis's own transaction; unique per (tenant_id, livemode, key_hash).
 */
export interface IdempotencyKeysTable {
  tenant_id: string;
  livemode: number;
  /** SHA-256 hex of the key (mail: envelope sender + recipients + hash of the whole message; API: the Idempotency-Key). */
  key_hash: string;
  /** SHA-256 hex of what the key was first used with (the API request body). */
  fingerprint: string;
  analysis_id: string;
  created_at: string;
}

/** A per-tenant copy the SMTP door already handed on (docs/smtp-filter.md "Several tenants in one message"). */
export interface DeliveredCopiesTable {
  /** SHA-256 hex of the message bytes, envelope sender and the copy's recipients. */
  copy_key: string;
  /** That copy's part of the 250 reply. */
  reply: string;
  created_at: string;
}

export interface Database {
  plans: PlansTable;
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
  analyses: AnalysesTable;
  usage_counters: UsageCountersTable;
  list_entries: ListEntriesTable;
  quarantined_messages: QuarantinedMessagesTable;
  job_leases: JobLeasesTable;
  rate_limit_buckets: RateLimitBucketsTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  analysis_jobs: AnalysisJobsTable;
  feedback: FeedbackTable;
  digest_preferences: DigestPreferencesTable;
  digest_state: DigestStateTable;
  console_sessions: ConsoleSessionsTable;
  console_audit: ConsoleAuditTable;
  self_service_actions: SelfServiceActionsTable;
  idempotency_keys: IdempotencyKeysTable;
  delivered_copies: DeliveredCopiesTable;
  sender_history: SenderHistoryTable;
}

/** Per tenant, mode and sending registrable domain: what the tenant has seen of it (docs/reputation.md). */
export interface SenderHistoryTable {
  tenant_id: string;
  livemode: number;
  domain: string;
  first_seen: string;
  last_seen: string;
  messages: number;
  judged_safe: number;
  released: number;
  reported: number;
}

// Kept for migrations that add auto-increment columns later without touching these types.
export type { Generated };
