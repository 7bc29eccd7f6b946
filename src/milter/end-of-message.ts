import type { Logger } from 'pino';
import { GatewayTemporaryError } from '../services/gateway/gateway.js';
import type { Gateway, GatewayDecision } from '../core/gateway.js';
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
  /** A decision still running after this long counts as an internal error. */
  decisionTimeoutMs: number;
  now?: () => number;
  /** Told the final reply of each message (for the server's counters). */
  onOutcome?: (outcome: string) => void;
}

export class DecisionTimeoutError extends Error {
  constructor(ms: number) {
    super(`end-of-message decision took longer than ${ms} ms`);
    this.name = 'DecisionTimeoutError';
  }
}

/**
 * docs/gateway.md: oversize mail is passed unscanned with `X-Phishgate-Skipped: size`, or rejected — the same
 * decision the gateway makes for `raw.size > max_message_bytes`. The door makes it itself because it
 * stops keeping a message's bytes at that size, so there is no whole message to hand over.
 */
export function oversizeDecision(action: 'pass' | 'reject'): GatewayDecision {
  const base = { verdict: null, newSubject: null, quarantineReason: null, tenants: [] };
  return action === 'reject'
    ? { ...base, action: 'reject', addHeaders: [], reject: { code: 552, enhanced: '5.3.4', text: 'Message too big for phishgate to scan' } }
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

/** Rejects after `ms` unless `work` settles first; `work` itself keeps running (it cannot be cancelled). */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DecisionTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
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
 * the plan says so, and turn the decision into replies. Any failure on the way — including a decision
 * that outlasts `decisionTimeoutMs` — is an internal error: tempfail (mail retried, never lost) or
 * accept when configured to fail open (docs/gateway.md).
 */
export function createEndOfMessageHandler(deps: EndOfMessageDeps): EndOfMessageHandler {
  const now = deps.now ?? Date.now;
  return async (eom) => {
    const started = now();
    const ctx = mapperContext(eom, deps.quarantineMode);
    const { raw, size } = eom.message;
    const log = deps.logger.child({ session: eom.sessionId, queueId: eom.envelope.queueId });

    const decideAndStore = async (): Promise<{ decision: GatewayDecision; replies: MilterReply[]; stored: number }> => {
      const decision = raw ? await deps.gateway.decide(raw, eom.envelope, 'milter') : oversizeDecision(deps.oversizeAction);
      const plan = planActions(decision, ctx);
      let stored = 0;
      if (plan.store) {
        if (!raw) throw new Error('an oversize message cannot be quarantined');
        stored = (await deps.gateway.quarantine(raw, eom.envelope, decision, 'milter')).length;
      }
      return { decision, replies: plan.replies, stored };
    };
    const work = decideAndStore();
    // The spooled copy goes only once the gateway is done with it, even when we stopped waiting.
    const disposed = work
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => raw?.dispose())
      .catch((error: unknown) => log.warn({ err: error }, 'could not remove spooled message'));

    try {
      const { decision, replies, stored } = await withDeadline(work, deps.decisionTimeoutMs);
      await disposed;
      const outcome = outcomeOf(replies);
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
      return replies;
    } catch (error) {
      // A gateway that failed is done with the message; one that timed out may still be reading it.
      if (!(error instanceof DecisionTimeoutError)) await disposed;
      deps.onOutcome?.(deps.onError === 'tempfail' ? 'error_tempfail' : 'error_accept');
      log.error({ err: error, onError: deps.onError, ms: now() - started }, 'milter analysis failed');
      return planError(deps.onError, ctx, error instanceof GatewayTemporaryError ? error.replyText : null).replies;
    }
  };
}
