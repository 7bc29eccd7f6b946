import type { Config } from '../../config/schema.js';
import { emptyMessage, type NormalizedMessage } from '../../core/message.js';
import type { AnalysisTimeoutError } from '../../engine/analysis-client.js';
import type { GatewayDecision, TenantOutcome } from '../../core/gateway.js';

export type TimeoutAction = 'tempfail' | 'tag' | 'quarantine';

/**
 * What the mail doors do with a message whose parse or analysis hit the deadline (docs/performance.md):
 * the first time `engine.workers.on_timeout` (tempfail by default, so the MTA retries), when the same
 * message timed out on its previous attempt too `on_timeout_repeat` (never an endless retry loop).
 */
export function timeoutAction(config: Config, error: AnalysisTimeoutError): TimeoutAction {
  return error.repeated ? config.engine.workers.on_timeout_repeat : config.engine.workers.on_timeout;
}

/** The decision for a timed-out message that is delivered (tag) or held (quarantine), never judged. */
export function unscannedDecision(action: 'tag' | 'quarantine', error: AnalysisTimeoutError, outcomes: TenantOutcome[]): GatewayDecision {
  const note = `phishgate: not scanned, ${error.coverageNote}`;
  return {
    action: action === 'tag' ? 'pass' : 'quarantine',
    verdict: null,
    addHeaders: [{ name: 'X-Phishgate-Skipped', value: 'timeout' }],
    newSubject: null,
    reject: null,
    quarantineReason: action === 'quarantine' ? note : null,
    tenants: outcomes,
  };
}

/** The message as far as it is known when parsing did not finish: only the envelope. */
export function envelopeOnly(envelope: NormalizedMessage['envelope']): NormalizedMessage {
  return { ...emptyMessage(), envelope, coverage: ['the message was not parsed'] };
}
