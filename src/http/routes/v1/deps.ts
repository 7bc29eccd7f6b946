import type { AnalysisService } from '../../../services/analysis.js';
import type { AuditService } from '../../../services/console/audit.js';
import type { KeyService } from '../../../services/keys.js';
import type { ListService } from '../../../services/lists.js';
import type { UsageService } from '../../../services/usage.js';
import type { QuotaState } from '../../../services/quota.js';
import type { ParseLimits } from '../../../mail/parse-raw.js';
import type { NormalizedMessage } from '../../../core/message.js';

export interface V1Deps {
  /** Caps on parsing `raw_email` (engine.limits). */
  parseLimits?: ParseLimits;
  /** Parser of `raw_email`: the analysis client's in `serve` (a worker thread, with a deadline); default in-process. */
  parseRaw?: (raw: Buffer) => Promise<NormalizedMessage>;
  analysis: AnalysisService;
  lists: ListService;
  usage: UsageService;
  keys: KeyService;
  /** Key, list and quarantine changes are recorded here, with the calling key (docs/console.md, "Audit log"). */
  audit: AuditService;
}

/** The quota object (docs/api.md). */
export const quotaJson = (state: QuotaState) => ({ used: state.used, limit: state.limit, remaining: state.remaining });
