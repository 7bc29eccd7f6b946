import type { Engine } from '../engine/types.js';
import { createAuthenticationService, VERIFICATION_OFF, type AuthenticationService } from './authentication/service.js';
import { createAnalysisService, type AfterCommitHook, type InTransactionHook } from './analysis.js';
import { createAsyncAnalysisService } from './async-analysis.js';
import type { ServiceContext } from './context.js';
import { createKeyService } from './keys.js';
import { createFeedbackService } from './feedback.js';
import { createDigestService, type DigestServiceOptions } from './digests/service.js';
import { DEFAULT_DIGEST_OPTIONS } from './digests/defaults.js';
import { createListService } from './lists.js';
import { createQuarantineService } from './quarantine.js';
import { createQuotaService } from './quota.js';
import { createTenantService } from './tenants.js';
import { createUsageService } from './usage.js';
import { createWebhookService } from './webhooks/endpoints.js';
import { createOutbox } from './webhooks/outbox.js';
import { ASYNC_LEASE_MS, DEFAULT_WEBHOOK_SETTINGS, LEASE_MARGIN_MS, type WebhookSettings } from './webhooks/settings.js';

export interface ServiceOptions {
  engine: Engine;
  retentionDays: number;
  /** `gateway.quarantine_days` (default 30). */
  quarantineDays?: number;
  tenantDomains?: (tenantId: string) => string[];
  inTransaction?: InTransactionHook[];
  afterCommit?: AfterCommitHook[];
  /** Webhook and asynchronous-analysis settings (config `webhooks`); the documented defaults (docs/configuration.md) when absent. */
  webhooks?: WebhookSettings;
  /** Sender authentication before analysis; absent = no verification (no DNS), headers' results only. */
  authentication?: AuthenticationService;
  /** `feedback.max_message_bytes`: how much of a labelled message is kept for training (default 1 MiB). */
  feedbackMessageBytes?: number;
  /** Quarantine digests (config `digests`); without it digests cannot be sent, preferences still work. */
  digests?: DigestServiceOptions;
  /** rate_limit.max_active_keys_per_tenant; absent = no cap. */
  maxActiveKeys?: number;
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
  const analysis = createAnalysisService({
    ...ctx,
    engine: options.engine,
    quota,
    lists,
    retentionDays: options.retentionDays,
    tenantDomains: options.tenantDomains ?? (() => []),
    inTransaction,
    afterCommit,
  });
  const feedback = createFeedbackService(ctx, { analysesDays: options.retentionDays, maxMessageBytes: options.feedbackMessageBytes ?? 1024 * 1024 });
  return {
    tenants: createTenantService(ctx),
    keys: createKeyService(ctx, { maxActiveKeys: options.maxActiveKeys }),
    quota,
    lists,
    usage: createUsageService(ctx, quota),
    analysis,
    asyncAnalysis: createAsyncAnalysisService({ ...ctx, analysis, quota, queueSize: settings.asyncQueueSize, leaseMs: ASYNC_LEASE_MS, inTransaction, afterCommit }),
    webhooks: createWebhookService(ctx, outbox, { maxEndpoints: settings.maxEndpoints, allowPrivateTargets: settings.allowPrivateTargets }),
    outbox,
    feedback,
    digests: createDigestService(ctx, options.digests ?? DEFAULT_DIGEST_OPTIONS),
    quarantine: createQuarantineService(ctx, { retentionDays: options.quarantineDays ?? 30, feedback }),
    authentication: options.authentication ?? createAuthenticationService(VERIFICATION_OFF),
  };
}

export type Services = ReturnType<typeof createServices>;
