import type { Logger } from 'pino';
import type { AnalysisRecord } from '../../core/analysis.js';
import { isAppError } from '../../core/errors.js';
import type { Tenant } from '../../core/domain.js';
import type { NormalizedMessage } from '../../core/message.js';
import type { Config } from '../../config/schema.js';
import type { AnalysisService } from '../analysis.js';
import type { AuthenticationService } from '../authentication/service.js';
import { isAnalysisTimeout, type AnalysisTimeoutError } from '../../engine/analysis-client.js';
import { authenticationResultsValue } from './authentication-header.js';
import { boundedValue, tagSubject } from './header-values.js';
import { limitsHit } from '../../engine/detectors/limits.js';
import { createHash } from 'node:crypto';
import { bareLineBreakInHeader } from './header-line-breaks.js';
import { parseAny } from './parse-any.js';
import { actionFor, strictestAction, strictestVerdict } from './policy.js';
import { headerText, readRawHeaders } from './raw-headers.js';
import { routeRecipients } from './tenant-router.js';
import { envelopeOnly, timeoutAction, unscannedDecision } from './timeout-policy.js';
import type {
  Gateway,
  GatewayDecision,
  GatewayDoor,
  HeaderToAdd,
  QuarantineSink,
  TenantOutcome,
} from '../../core/gateway.js';

export interface GatewayDeps {
  config: Config;
  analysis: AnalysisService;
  findTenant: (id: string) => Promise<Tenant | undefined>;
  parse: (raw: Buffer) => Promise<NormalizedMessage>;
  quarantine: QuarantineSink;
  logger: Logger;
  /** SPF/DKIM/DMARC/ARC before analysis (docs/authentication.md); absent = nothing verified. */
  authentication?: AuthenticationService;
  /**
   * Recognises mail phishgate wrote and signed itself (quarantine digests) for this tenant and exactly these
   * envelope recipients: passed on untouched, unjudged (docs/recipients.md).
   */
  isOwnMail?: (bytes: Buffer, audience: { tenantId: string; recipients: readonly string[] }) => boolean;
}

/**
 * What identifies one message across an MTA's retries (docs/security.md "Faults and retries"): the
 * envelope sender, every envelope recipient and the whole message as received — every header field and
 * the body, byte for byte. An MTA re-sending a message after a tempfail sends the same bytes from its
 * queue, so the retry still gets the stored analysis; anything else is another message and is analysed
 * afresh. (The key once covered only the sender, the Message-ID and the body: a sender could reuse a
 * harmless message's verdict for mail with another From, Subject, Content-Type or transfer encoding —
 * docs/security.md "Hardening, second round".)
 */
function messageRetryKey(bytes: Buffer, envelope: { mailFrom: string; rcptTo: string[] }): string {
  const hash = createHash('sha256').update(envelope.mailFrom).update('\0');
  // Sorted: the order the MTA lists recipients in does not make another message.
  for (const rcpt of [...envelope.rcptTo].sort()) hash.update(rcpt).update('\0');
  return hash.update('\0').update(bytes).digest('hex');
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

  async function analyseForTenant(tenantId: string, recipients: string[], message: NormalizedMessage, door: GatewayDoor, retryKey: string) {
    const tenant = await deps.findTenant(tenantId);
    if (!tenant) throw new GatewayTemporaryError(`gateway routes mail to tenant ${tenantId}, which does not exist`, { replyText: UNKNOWN_TENANT_REPLY });
    const principal = { tenant, livemode: true };
    // A retry of the same message (MTA retry after a failed relay) reuses the analysis: no second event.
    const idempotency = { key: `mail\0${retryKey}\0${[...recipients].sort().join(',')}`, fingerprint: retryKey };
    const options = { source: door, chargeQuota: config.gateway.charge_quota, recipients, idempotency };
    let record: AnalysisRecord;
    try {
      ({ record } = await deps.analysis.analyze(principal, message, options));
    } catch (error) {
      // Mail through the doors is always analysed: a quota an outsider can exhaust by sending mail must not
      // switch scanning off (docs/security.md). Past it, analyses are not charged.
      if (!(isAppError(error) && error.code === 'quota_exceeded' && config.gateway.over_quota === 'scan_uncharged')) throw error;
      deps.logger.info({ tenant: tenantId }, 'gateway: tenant past its quota; analysing uncharged');
      ({ record } = await deps.analysis.analyze(principal, message, { ...options, chargeQuota: false }));
    }
    let action = actionFor(config, door, tenantId, record.verdict);
    // Content the engine could not read (docs/security.md "Content beyond the limits") may be sent to quarantine.
    if (config.gateway.beyond_limits === 'quarantine' && limitsHit(record.coverage).length > 0) action = strictestAction([action, 'quarantine']);
    const outcome: TenantOutcome = {
      tenantId,
      recipients,
      analysisId: record.analysis_id,
      verdict: record.verdict,
      score: record.score,
      action,
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
      // A digest is for one tenant's recipients: mail for several tenants is never our own.
      const [onlyTenant] = byTenant.size === 1 ? byTenant.keys() : [];
      if (onlyTenant !== undefined && deps.isOwnMail?.(bytes, { tenantId: onlyTenant, recipients: envelope.rcptTo })) return { ...skipped('own mail'), addHeaders: [], verbatim: true };
      // Header smuggling (docs/security.md): the SMTP door already normalised when configured to.
      const bare = bareLineBreakInHeader(bytes);
      if (bare) {
        deps.logger.info({ door, bare, size: raw.size }, 'gateway: bare line break in the header section; refused');
        return skipped('bare line break', 'reject', { code: 550, enhanced: '5.6.0', text: `Message header contains a ${bare}; refused (use CRLF line endings)` });
      }
      let message: NormalizedMessage;
      try {
        message = await parseAny(bytes, deps.parse);
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
        const retryKey = messageRetryKey(bytes, envelope);
        for (const [tenantId, recipients] of byTenant) results.push(await analyseForTenant(tenantId, recipients, message, door, retryKey));
      } catch (error) {
        if (isAnalysisTimeout(error)) return onTimeout(error, byTenant, message, door, new Map(results.map((r) => [r.outcome.tenantId, r.outcome.analysisId])));
        if (isAppError(error) && error.code === 'quota_exceeded') return skipped('quota');
        if (error instanceof GatewayTemporaryError) throw error;
        throw new GatewayTemporaryError('analysis failed', { cause: error });
      }

      const authResults =
        deps.authentication && message.authentication && config.auth.add_header
          ? { name: 'Authentication-Results', value: authenticationResultsValue(deps.authentication.authservId, message.authentication) }
          : null;
      const rawSubject = readRawHeaders(bytes).find((h) => h.name.toLowerCase() === 'subject')?.value ?? null;
      const copies = results.map((r) => tenantDecision(r.outcome, r.record, authResults, rawSubject));
      if (copies.length === 1) return copies[0]!;
      return { ...sharedDecision(copies, authResults, rawSubject), copies };
    },

    /** Each tenant keeps its own copy with its own headers (never another tenant's ids or notes). */
    async quarantine(raw, envelope, decision, door) {
      if (!decision.copies?.length) return deps.quarantine.store(raw, envelope, decision, door);
      const ids: string[] = [];
      for (const copy of decision.copies) ids.push(...(await deps.quarantine.store(raw, envelope, copy, door)));
      return ids;
    },
  };

  /** One tenant's decision about its recipients' copy: its own verdict, action, headers and subject tag. */
  function tenantDecision(outcome: TenantOutcome, record: AnalysisRecord, authResults: HeaderToAdd | null, rawSubject: string | null): GatewayDecision {
    const { action, verdict } = outcome;
    const tag = verdict === 'safe' ? '' : config.gateway.subject_tags[verdict];
    const summary = `${verdict} (score ${outcome.score.toFixed(2)})${record.reasons[0] ? `: ${record.reasons[0]}` : ''}`;
    return {
      action,
      verdict,
      // Quarantined mail keeps its headers and subject tag for release (docs/gateway.md: released "tagged").
      addHeaders: action === 'tag' || action === 'quarantine' ? tagHeaders([outcome], [record], authResults) : [],
      newSubject: (action === 'tag' || action === 'quarantine') && tag ? headerText(tagSubject(rawSubject, tag)) : null,
      reject: action === 'reject' ? { code: 550, enhanced: '5.7.1', text: `Message rejected by phishgate as ${verdict} (${outcome.analysisId})` } : null,
      quarantineReason: action === 'quarantine' ? boundedValue(`phishgate: ${summary}`) : null,
      tenants: [outcome],
    };
  }

  /**
   * The one copy the milter can act on when recipients belong to several tenants (docs/milter.md "Several
   * tenants in one message"): the strictest action and verdict, and only what every recipient may see —
   * verdict, score and our Authentication-Results. Analysis ids and reasons (which carry a tenant's list
   * notes) are left out; each tenant finds its own analysis through its API and its quarantine.
   */
  function sharedDecision(copies: GatewayDecision[], authResults: HeaderToAdd | null, rawSubject: string | null): GatewayDecision {
    const outcomes = copies.flatMap((c) => c.tenants);
    const action = strictestAction(outcomes.map((o) => o.action));
    const verdict = strictestVerdict(outcomes.map((o) => o.verdict));
    const score = Math.max(...outcomes.map((o) => o.score));
    const tag = verdict === 'safe' ? '' : config.gateway.subject_tags[verdict];
    const headers: HeaderToAdd[] = [
      { name: 'X-Phishgate-Verdict', value: verdict },
      { name: 'X-Phishgate-Score', value: score.toFixed(3) },
      ...(authResults ? [authResults] : []),
    ];
    return {
      action,
      verdict,
      addHeaders: action === 'tag' || action === 'quarantine' ? headers : [],
      newSubject: (action === 'tag' || action === 'quarantine') && tag ? headerText(tagSubject(rawSubject, tag)) : null,
      reject: action === 'reject' ? { code: 550, enhanced: '5.7.1', text: `Message rejected by phishgate as ${verdict}` } : null,
      quarantineReason: action === 'quarantine' ? boundedValue(`phishgate: ${verdict} (score ${score.toFixed(2)})`) : null,
      tenants: outcomes,
    };
  }
}
