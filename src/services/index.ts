import type { Engine } from '../engine/types.js';
import { createAnalysisService, type AfterCommitHook, type InTransactionHook } from './analysis.js';
import type { ServiceContext } from './context.js';
import { createKeyService } from './keys.js';
import { createListService } from './lists.js';
import { createQuarantineService } from './quarantine.js';
import { createQuotaService } from './quota.js';
import { createTenantService } from './tenants.js';
import { createUsageService } from './usage.js';

export interface ServiceOptions {
  engine: Engine;
  retentionDays: number;
  /** `gateway.quarantine_days` (default 30). */
  quarantineDays?: number;
  tenantDomains?: (tenantId: string) => string[];
  inTransaction?: InTransactionHook[];
  afterCommit?: AfterCommitHook[];
}

/** Every service over one store; the only layer that touches the store (architecture). */
export function createServices(ctx: ServiceContext, options: ServiceOptions) {
  const quota = createQuotaService(ctx);
  const lists = createListService(ctx);
  return {
    tenants: createTenantService(ctx),
    keys: createKeyService(ctx),
    quota,
    lists,
    usage: createUsageService(ctx, quota),
    quarantine: createQuarantineService(ctx, { retentionDays: options.quarantineDays ?? 30 }),
    analysis: createAnalysisService({
      ...ctx,
      engine: options.engine,
      quota,
      lists,
      retentionDays: options.retentionDays,
      tenantDomains: options.tenantDomains ?? (() => []),
      inTransaction: options.inTransaction ?? [],
      afterCommit: options.afterCommit ?? [],
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
