import type { Engine } from '../engine/types.js';
import { createAuthenticationService, VERIFICATION_OFF, type AuthenticationService } from './authentication/service.js';
import { createAnalysisService, type AfterCommitHook, type InTransactionHook, type TimeoutHook } from './analysis.js';
import { createAsyncAnalysisService } from './async-analysis.js';
import type { ServiceContext } from './context.js';
import { createKeyService } from './keys.js';
import { createAuditService } from './console/audit.js';
import { createHistoryService } from './history.js';
import { createConsoleSessionService, DEFAULT_CONSOLE_SESSION_OPTIONS, type ConsoleSessionOptions } from './console/sessions.js';
import { createFeedbackService } from './feedback.js';
import { createDigestService, type DigestServiceOptions } from './digests/service.js';
import { DEFAULT_DIGEST_OPTIONS } from './digests/defaults.js';
import { createListService } from './lists.js';
import { createDeliveredCopies } from './delivered-copies.js';
import { DEFAULT_IDEMPOTENCY_WINDOW_MS } from './idempotency.js';
import { createQuarantineService } from './quarantine.js';
import { createQuotaService } from './quota.js';
import { createTenantModels, type TenantModelsOptions } from './learning/tenant-models.js';
import { labelledFeedback } from './labelled-feedback.js';
import { createReportIntake, type ReportIntakeOptions } from './reports/intake.js';
import { parseRawMessage } from '../mail/parse-raw.js';
import { parseNetworks } from '../core/networks.js';
import { createSelfService, type SelfServiceOptions } from './self-service/service.js';
import { createTenantService } from './tenants.js';
import { createUsageService } from './usage.js';
import { createWebhookService } from './webhooks/endpoints.js';
import { createOutbox } from './webhooks/outbox.js';
import { ASYNC_LEASE_MS, DEFAULT_WEBHOOK_SETTINGS, LEASE_MARGIN_MS, type WebhookSettings } from './webhooks/settings.js';

export interface ServiceOptions {
  engine: Engine;
  retentionDays: number;
  /** `retention.idempotency_hours` in ms: how long a retry gets the stored analysis (24 hours by default). */
  idempotencyWindowMs?: number;
  /** `gateway.quarantine_days` (default 30). */
  quarantineDays?: number;
  tenantDomains?: (tenantId: string) => string[];
  inTransaction?: InTransactionHook[];
  afterCommit?: AfterCommitHook[];
  /** Deadline hits of the analysis workers, once per message (metrics). */
  onTimeout?: TimeoutHook[];
  /** Webhook and asynchronous-analysis settings (config `webhooks`); the documented defaults (docs/configuration.md) when absent. */
  webhooks?: WebhookSettings;
  /** Sender authentication before analysis; absent = no verification (no DNS), headers' results only. */
  authentication?: AuthenticationService;
  /** `feedback.max_message_bytes`: how much of a labelled message is kept for training (default 1 MiB). */
  feedbackMessageBytes?: number;
  /** `reputation.history.enabled`: keep the tenants' sender history (docs/reputation.md "Sender history"). */
  senderHistory?: boolean;
  /** Quarantine digests (config `digests`); without it digests cannot be sent, preferences still work. */
  digests?: DigestServiceOptions;
  /** Console session expiry and operators (config `console`); defaults when absent. */
  console?: ConsoleSessionOptions;
  /** rate_limit.max_active_keys_per_tenant; absent = no cap. */
  maxActiveKeys?: number;
  /** One-click links of digests (config `self_service`, link secrets); none made or accepted without it. */
  selfService?: SelfServiceOptions;
  /** User reports on the SMTP door (config `reports`); no reporting address without it. */
  reports?: ReportIntakeOptions;
  /** Tenant models from `phishgate train --tenant` (config `learning`); none looked for without it. */
  tenantModels?: TenantModelsOptions;
}

/** Every service over one store; the only layer that touches the store (architecture). */
export function createServices(ctx: ServiceContext, options: ServiceOptions) {
  const quota = createQuotaService(ctx);
  const lists = createListService(ctx);
  const settings = options.webhooks ?? DEFAULT_WEBHOOK_SETTINGS;
  const outbox = createOutbox(ctx, {
    retry: { scheduleSeconds: settings.retryScheduleSeconds, jitter: settings.retryJitter, random: settings.random },
    leaseMs: settings.timeoutMs + LEASE_MARGIN_MS,
  });
  // The outbox hook runs in every analysis transaction, whatever the door (docs/api.md); any
  // later hook that fails rolls its rows back with the analysis.
  const inTransaction: InTransactionHook[] = [(trx, stored, principal) => outbox.inTransaction(trx, stored, principal), ...(options.inTransaction ?? [])];
  const afterCommit: AfterCommitHook[] = [(stored) => outbox.afterCommit(stored), ...(options.afterCommit ?? [])];
  const tenantModels = options.tenantModels ? createTenantModels(options.tenantModels) : null;
  const analysis = createAnalysisService({
    ...ctx,
    engine: options.engine,
    quota,
    lists,
    retentionDays: options.retentionDays,
    ...(options.idempotencyWindowMs !== undefined && { idempotencyWindowMs: options.idempotencyWindowMs }),
    tenantDomains: options.tenantDomains ?? (() => []),
    inTransaction,
    afterCommit,
    ...(options.onTimeout && { onTimeout: options.onTimeout }),
    ...(tenantModels && { classifierFor: tenantModels.modelFor }),
    ...(options.senderHistory && { senderHistory: true }),
  });
  const feedback = createFeedbackService(ctx, { analysesDays: options.retentionDays, maxMessageBytes: options.feedbackMessageBytes ?? 1024 * 1024, ...(options.senderHistory && { senderHistory: true }) });
  const tenants = createTenantService(ctx);
  const authentication = options.authentication ?? createAuthenticationService(VERIFICATION_OFF);
  const quarantine = createQuarantineService(ctx, { retentionDays: options.quarantineDays ?? 30, feedback });
  const selfService = createSelfService(ctx, { quarantine, lists, feedback, findTenant: tenants.find }, options.selfService ?? { secrets: [], ttlMs: 0, publicUrl: null });
  const digestOptions = options.digests ?? DEFAULT_DIGEST_OPTIONS;
  const keys = createKeyService(ctx, { maxActiveKeys: options.maxActiveKeys });
  return {
    tenants,
    keys,
    consoleSessions: createConsoleSessionService(ctx, keys, options.console ?? DEFAULT_CONSOLE_SESSION_OPTIONS),
    audit: createAuditService(ctx),
    history: createHistoryService(ctx, { retentionDays: options.retentionDays }),
    quota,
    lists,
    usage: createUsageService(ctx, quota),
    analysis,
    asyncAnalysis: createAsyncAnalysisService({
      ...ctx,
      analysis,
      quota,
      queueSize: settings.asyncQueueSize,
      leaseMs: ASYNC_LEASE_MS,
      inTransaction,
      afterCommit,
      ...(options.idempotencyWindowMs !== undefined && { idempotencyWindowMs: options.idempotencyWindowMs }),
    }),
    webhooks: createWebhookService(ctx, outbox, { maxEndpoints: settings.maxEndpoints, allowPrivateTargets: settings.allowPrivateTargets }),
    outbox,
    feedback,
    // Digests carry the self-service links of each held message when links are configured.
    digests: createDigestService(ctx, { ...digestOptions, links: digestOptions.links ?? selfService.digestLinks }),
    quarantine,
    /** Tenant copies the SMTP door already handed on (docs/smtp-filter.md "Several tenants in one message"). */
    deliveredCopies: createDeliveredCopies(ctx, options.idempotencyWindowMs ?? DEFAULT_IDEMPOTENCY_WINDOW_MS),
    selfService,
    /** Labelled messages of feedback, newest first, each once (export, tenant training). */
    labelledFeedback: (tenantId: string | null, max: number) => labelledFeedback(ctx, tenantId, max),
    reports: createReportIntake(
      { analysis, feedback, outbox, findTenant: tenants.find, authentication },
      options.reports ?? { addresses: {}, domains: {}, maxReportBytes: 10 * 1024 * 1024, maxOriginals: 5, chargeQuota: false, parse: (raw) => parseRawMessage(raw), trustedNetworks: parseNetworks([], 'reports.trusted_networks') },
    ),
    authentication,
  };
}

export type Services = ReturnType<typeof createServices>;
