import type { Logger } from 'pino';
import type { Gateway, GatewayDecision } from '../gateway/types.js';
import { Action, Proto } from './constants.js';
import { planActions, planError, type MapperContext, type QuarantineMode } from './decision-mapper.js';
import type { MilterReply } from './replies.js';
import type { EndOfMessage, EndOfMessageHandler } from './session.js';

export interface EndOfMessageDeps {
  gateway: Gateway;
  logger: Logger;
  quarantineMode: QuarantineMode;
  onError: 'tempfail' | 'accept';
  /** gateway.oversize_action: what happens to a message the collector stopped keeping. */
  oversizeAction: 'pass' | 'reject';
  now?: () => number;
  /** Told the final reply of each message (for the server's counters). */
  onOutcome?: (outcome: string) => void;
}

/** Contract §5: oversize mail is passed unscanned with `X-Phishgate-Skipped: size`, or rejected. */
export function oversizeDecision(action: 'pass' | 'reject'): GatewayDecision {
  const base = { verdict: null, newSubject: null, quarantineReason: null, tenants: [] };
  return action === 'reject'
    ? { ...base, action: 'reject', addHeaders: [], reject: { code: 552, enhanced: '5.3.4', text: 'Message too big to be scanned' } }
    : { ...base, action: 'pass', addHeaders: [{ name: 'X-Phishgate-Skipped', value: 'size' }], reject: null };
}

function mapperContext(eom: EndOfMessage, mode: QuarantineMode): MapperContext {
  const { actions, protocol } = eom.negotiated;
  return {
    quarantineMode: mode,
    canAddHeaders: (actions & Action.ADDHDRS) !== 0,
    canChangeHeaders: (actions & Action.CHGHDRS) !== 0,
    canQuarantine: (actions & Action.QUARANTINE) !== 0,
    leadingSpace: (protocol & Proto.HDR_LEADSPC) !== 0,
    forgedHeaders: eom.message.forgedHeaders,
  };
}

function outcomeOf(replies: MilterReply[]): string {
  const last = replies[replies.length - 1];
  if (!last) return 'none';
  if (last.kind === 'replycode') return last.text.startsWith('4') ? 'tempfail' : 'reject';
  if (last.kind === 'accept' && replies.some((r) => r.kind === 'quarantine')) return 'hold';
  return last.kind;
}

/**
 * BODYEOB: ask the gateway (the same service every door uses), keep the message in the store when
 * the plan says so, and turn the decision into replies. Any failure on the way is an internal error:
 * tempfail (mail retried, never lost) or accept when configured to fail open (contract §5).
 */
export function createEndOfMessageHandler(deps: EndOfMessageDeps): EndOfMessageHandler {
  const now = deps.now ?? Date.now;
  return async (eom) => {
    const started = now();
    const ctx = mapperContext(eom, deps.quarantineMode);
    const { raw, size } = eom.message;
    const log = deps.logger.child({ session: eom.sessionId, queueId: eom.envelope.queueId });
    try {
      const decision = raw ? await deps.gateway.decide(raw, eom.envelope, 'milter') : oversizeDecision(deps.oversizeAction);
      const plan = planActions(decision, ctx);
      let stored = 0;
      if (plan.store) {
        if (!raw) throw new Error('an oversize message cannot be quarantined');
        stored = (await deps.gateway.quarantine(raw, eom.envelope, decision, 'milter')).length;
      }
      const outcome = outcomeOf(plan.replies);
      deps.onOutcome?.(outcome);
      log.info(
        {
          action: decision.action,
          verdict: decision.verdict,
          outcome,
          size,
          recipients: eom.envelope.rcptTo.length,
          tenants: decision.tenants.length,
          forgedHeaders: ctx.forgedHeaders.length,
          stored,
          ms: now() - started,
        },
        'milter message decided',
      );
      return plan.replies;
    } catch (error) {
      const replies = planError(deps.onError, ctx).replies;
      deps.onOutcome?.(deps.onError === 'tempfail' ? 'error_tempfail' : 'error_accept');
      log.error({ err: error, onError: deps.onError, ms: now() - started }, 'milter analysis failed');
      return replies;
    } finally {
      await raw?.dispose().catch((error: unknown) => log.warn({ err: error }, 'could not remove spooled message'));
    }
  };
}
