import type { Logger } from 'pino';
import type { AnalysisRecord } from '../core/analysis.js';
import { isAppError } from '../core/errors.js';
import type { Tenant } from '../core/domain.js';
import type { NormalizedMessage } from '../core/message.js';
import type { Config } from '../config/schema.js';
import type { RawMessage } from '../mail/spool.js';
import type { AnalysisService } from '../services/analysis.js';
import type { AuthenticationService } from '../services/authentication/service.js';
import { isAnalysisTimeout, type AnalysisTimeoutError } from '../engine/analysis-client.js';
import { authenticationResultsValue } from './authentication-header.js';
import { boundedValue, tagSubject } from './header-values.js';
import { actionFor, strictestAction, strictestVerdict } from './policy.js';
import { headerText, readRawHeaders } from './raw-headers.js';
import { routeRecipients } from './tenant-router.js';
import { envelopeOnly, timeoutAction, unscannedDecision } from './timeout-policy.js';
import type { Gateway, GatewayDecision, GatewayDoor, GatewayEnvelope, HeaderToAdd, TenantOutcome } from './types.js';

/** Stores a quarantined message for each quarantining tenant (implemented with the quarantine store). */
export interface QuarantineSink {
  store(raw: RawMessage, envelope: GatewayEnvelope, decision: GatewayDecision, door: GatewayDoor): Promise<string[]>;
}

export interface GatewayDeps {
  config: Config;
  analysis: AnalysisService;
  findTenant: (id: string) => Promise<Tenant | undefined>;
  parse: (raw: Buffer) => Promise<NormalizedMessage>;
  quarantine: QuarantineSink;
  logger: Logger;
  /** SPF/DKIM/DMARC/ARC before analysis (docs/authentication.md); absent = nothing verified. */
  authentication?: AuthenticationService;
  /** Recognises mail phishgate wrote and signed itself (quarantine digests): passed on untouched, unjudged. */
  isOwnMail?: (bytes: Buffer) => boolean;
}

/** Infrastructure problems are temporary: the MTA keeps the mail and retries (architecture). */
export class GatewayTemporaryError extends Error {
  /**
   * Text the doors may put in their 451 reply, for problems the operator must fix in the configuration
   * (docs/configuration.md): it names the setting, never a tenant id or an internal error.
   */
  readonly replyText: string | null;
  constructor(message: string, options?: { cause?: unknown; replyText?: string }) {
    super(message, options);
    this.name = 'GatewayTemporaryError';
    this.replyText = options?.replyText ?? null;
  }
}

/** The 451 text when no tenant is configured for a recipient: the sending side sees it in its queue. */
export const NO_TENANT_REPLY = 'phishgate is not configured for this recipient domain (set gateway.default_tenant or gateway.domains), try again later';
/** The 451 text when the configuration routes mail to a tenant that does not exist in the database. */
export const UNKNOWN_TENANT_REPLY = 'phishgate routes this recipient to a tenant that does not exist (check gateway.default_tenant and gateway.domains), try again later';

const REASONS_IN_HEADER = 3;

function tagHeaders(outcomes: TenantOutcome[], records: AnalysisRecord[], authResults: HeaderToAdd | null): HeaderToAdd[] {
  const verdict = strictestVerdict(outcomes.map((o) => o.verdict));
  const score = Math.max(...outcomes.map((o) => o.score));
  const reasons = [...new Set(records.flatMap((r) => r.reasons))].slice(0, REASONS_IN_HEADER);
  return [
    { name: 'X-Phishgate-Verdict', value: verdict },
    { name: 'X-Phishgate-Score', value: score.toFixed(3) },
    { name: 'X-Phishgate-Analysis-Id', value: outcomes.map((o) => o.analysisId).join(', ') },
    { name: 'X-Phishgate-Reasons', value: boundedValue(reasons.join('; ')) },
    ...(authResults ? [authResults] : []),
  ];
}

const skipped = (why: string, action: GatewayDecision['action'] = 'pass', reject: GatewayDecision['reject'] = null): GatewayDecision => ({
  action,
  verdict: null,
  addHeaders: action === 'pass' ? [{ name: 'X-Phishgate-Skipped', value: why }] : [],
  newSubject: null,
  reject,
  quarantineReason: null,
  tenants: [],
});

export function createGateway(deps: GatewayDeps): Gateway {
  const { config } = deps;

  async function analyseForTenant(tenantId: string, recipients: string[], message: NormalizedMessage, door: GatewayDoor) {
    const tenant = await deps.findTenant(tenantId);
    if (!tenant) throw new GatewayTemporaryError(`gateway routes mail to tenant ${tenantId}, which does not exist`, { replyText: UNKNOWN_TENANT_REPLY });
    const { record } = await deps.analysis.analyze({ tenant, livemode: true }, message, { source: door, chargeQuota: config.gateway.charge_quota, recipients });
    const outcome: TenantOutcome = {
      tenantId,
      recipients,
      analysisId: record.analysis_id,
      verdict: record.verdict,
      score: record.score,
      action: actionFor(config, door, tenantId, record.verdict),
      reasons: record.reasons,
    };
    return { outcome, record };
  }

  /**
   * A parse or analysis hit the deadline: every tenant's share is recorded (status failed, with a coverage
   * note), then the timeout policy applies (docs/performance.md).
   */
  async function onTimeout(error: AnalysisTimeoutError, byTenant: Map<string, string[]>, message: NormalizedMessage, door: GatewayDoor, analysed: Map<string, string>): Promise<GatewayDecision> {
    const action = timeoutAction(config, error);
    deps.logger.warn({ stage: error.stage, repeated: error.repeated, action, deadlineMs: error.deadlineMs }, 'gateway: analysis deadline hit');
    const outcomes: TenantOutcome[] = [];
    let timedOutId = error.analysisId;
    for (const [tenantId, recipients] of byTenant) {
      const tenant = await deps.findTenant(tenantId);
      if (!tenant) continue;
      let analysisId = analysed.get(tenantId) ?? timedOutId;
      if (analysisId === timedOutId) timedOutId = null;
      analysisId ??= await deps.analysis.recordTimeout({ tenant, livemode: true }, message, { source: door, chargeQuota: false, recipients }, error);
      outcomes.push({ tenantId, recipients, analysisId, verdict: 'suspicious', score: 0, action: action === 'quarantine' ? 'quarantine' : 'pass', reasons: [error.coverageNote] });
    }
    if (action === 'tempfail') throw new GatewayTemporaryError(`${error.stage} did not finish within ${error.deadlineMs} ms; the MTA will retry`, { cause: error });
    return unscannedDecision(action, error, outcomes);
  }

  return {
    async decide(raw, envelope, door) {
      if (raw.size > config.gateway.max_message_bytes) {
        return config.gateway.oversize_action === 'reject'
          ? skipped('size', 'reject', { code: 552, enhanced: '5.3.4', text: 'Message too big for phishgate to scan' })
          : skipped('size');
      }
      const { byTenant, unrouted } = routeRecipients(envelope.rcptTo, config.gateway.domains, config.gateway.default_tenant);
      if (unrouted.length) throw new GatewayTemporaryError(`no tenant for recipient domain(s) of ${unrouted.length} recipient(s); set gateway.domains or gateway.default_tenant`, { replyText: NO_TENANT_REPLY });

      const bytes = await raw.toBuffer();
      if (deps.isOwnMail?.(bytes)) return { ...skipped('own mail'), addHeaders: [] };
      let message: NormalizedMessage;
      try {
        message = await deps.parse(bytes);
      } catch (error) {
        if (isAnalysisTimeout(error)) return onTimeout(error, byTenant, envelopeOnly({ mailFrom: envelope.mailFrom || null, rcptTo: envelope.rcptTo }), door, new Map());
        // A message the parser cannot read is still mail: deliver it, marked as unscanned.
        deps.logger.warn({ err: error, size: raw.size }, 'gateway could not parse message; passing it unscanned');
        return skipped('unparseable');
      }
      message.envelope = { mailFrom: envelope.mailFrom || null, rcptTo: envelope.rcptTo, clientAddress: envelope.clientAddress, clientHelo: envelope.clientHelo };
      // Once per message, for every tenant: authentication does not depend on who receives the mail.
      if (deps.authentication) {
        message.authentication = await deps.authentication.authenticate({
          raw: bytes,
          envelope: { clientIp: envelope.clientAddress, helo: envelope.clientHelo, mailFrom: envelope.mailFrom },
          message,
          tenantId: '',
        });
      }

      const results: Array<{ outcome: TenantOutcome; record: AnalysisRecord }> = [];
      try {
        // One analysis per tenant: each with its own lists, history and webhooks (docs/gateway.md).
        for (const [tenantId, recipients] of byTenant) results.push(await analyseForTenant(tenantId, recipients, message, door));
      } catch (error) {
        if (isAnalysisTimeout(error)) return onTimeout(error, byTenant, message, door, new Map(results.map((r) => [r.outcome.tenantId, r.outcome.analysisId])));
        if (isAppError(error) && error.code === 'quota_exceeded') return skipped('quota');
        if (error instanceof GatewayTemporaryError) throw error;
        throw new GatewayTemporaryError('analysis failed', { cause: error });
      }

      const outcomes = results.map((r) => r.outcome);
      const records = results.map((r) => r.record);
      const action = strictestAction(outcomes.map((o) => o.action));
      const verdict = strictestVerdict(outcomes.map((o) => o.verdict));
      const authResults =
        deps.authentication && message.authentication && config.auth.add_header
          ? { name: 'Authentication-Results', value: authenticationResultsValue(deps.authentication.authservId, message.authentication) }
          : null;
      const headers = tagHeaders(outcomes, records, authResults);
      const tag = verdict === 'safe' ? '' : config.gateway.subject_tags[verdict];
      const rawSubject = readRawHeaders(bytes).find((h) => h.name.toLowerCase() === 'subject')?.value ?? null;
      const summary = `${verdict} (score ${Math.max(...outcomes.map((o) => o.score)).toFixed(2)})${records[0]?.reasons[0] ? `: ${records[0].reasons[0]}` : ''}`;
      return {
        action,
        verdict,
        // Quarantined mail keeps its headers and subject tag for release (docs/gateway.md: released "tagged").
        addHeaders: action === 'tag' || action === 'quarantine' ? headers : [],
        newSubject: (action === 'tag' || action === 'quarantine') && tag ? headerText(tagSubject(rawSubject, tag)) : null,
        reject: action === 'reject' ? { code: 550, enhanced: '5.7.1', text: `Message rejected by phishgate as ${verdict} (${outcomes.map((o) => o.analysisId).join(', ')})` } : null,
        quarantineReason: action === 'quarantine' ? boundedValue(`phishgate: ${summary}`) : null,
        tenants: outcomes,
      };
    },

    quarantine: (raw, envelope, decision, door) => deps.quarantine.store(raw, envelope, decision, door),
  };
}

