/**
 * One DATA of the content filter, start to finish (docs/gateway.md): spool the bytes once, let the gateway
 * decide, then relay (tag/pass), store (quarantine) or refuse (reject). The client gets its answer
 * only after the next hop accepted the message or the quarantine store committed it; any fault on
 * the way is a 451 so Postfix keeps the message and retries.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { SMTPServerSession } from 'smtp-server';
import { GatewayTemporaryError } from '../services/gateway/gateway.js';
import type { Gateway, GatewayDecision, GatewayEnvelope } from '../core/gateway.js';
import { hashMessage } from './delivered-copies.js';
import { deliveredCopyKey, type DeliveredCopies } from '../services/delivered-copies.js';
import { bareLineBreakInHeader, normaliseHeaderLineBreaks } from '../services/gateway/header-line-breaks.js';
import type { RawMessage } from '../core/raw-message.js';
import { rawMessageFromBuffer, SpoolWriter, type SpoolOptions } from '../mail/spool.js';
import { gatewayEnvelope, relayEnvelope } from './envelope.js';
import type { NetworkList } from './networks.js';
import { mapDecision, relayFailureReply } from './decision-mapper.js';
import { outgoingMessage } from './outgoing-message.js';
import type { Relay } from './relay-pool.js';
import { accepted, temporaryFailure } from './replies.js';
import type { ReportIntake } from '../services/reports/intake.js';
import { reportRecipients, takeReport } from './report-hook.js';

export interface MessageHandlerDeps {
  gateway: Gateway;
  relay: Relay;
  spool: SpoolOptions;
  xforwardNetworks: NetworkList;
  logger: Logger;
  /** auth.authserv_id: incoming Authentication-Results with it are removed when the message is edited. */
  ownAuthservId?: string | null;
  /** gateway.bare_newlines: `normalise` rewrites bare CR/LF in the header section before analysis (reject: the gateway refuses). */
  bareNewlines?: 'reject' | 'normalise';
  /** Tenant copies already handed on, in the store: a retry on another session, after a restart or on another process finds them. */
  deliveredCopies: DeliveredCopies;
  /** User reports: mail to a reporting address goes to the intake (docs/recipients.md). */
  reports?: ReportIntake;
}

/** smtp-server marks a stream that went past `size`; it answers 552 itself. */
type DataStream = Readable & { sizeExceeded?: boolean };

async function spoolStream(stream: DataStream, options: SpoolOptions): Promise<RawMessage | null> {
  const spool = new SpoolWriter(options);
  try {
    for await (const chunk of stream) await spool.write(chunk as Buffer);
  } catch (error) {
    await spool.abort();
    throw error;
  }
  if (stream.sizeExceeded) {
    await spool.abort();
    return null;
  }
  return spool.finish();
}

/** What became of an accepted message (counted in /metrics as phishgate_smtp_messages_total). */
export interface HandledMessage {
  /** The 250 reply text. */
  text: string;
  outcome: 'relayed' | 'quarantined' | 'oversize' | 'reported';
}

const analysisIds = (decision: GatewayDecision): string => decision.tenants.map((t) => t.analysisId).join(', ');

export function createMessageHandler(deps: MessageHandlerDeps) {
  const { gateway, relay, logger } = deps;
  const delivered = deps.deliveredCopies;

  async function deliver(raw: RawMessage, session: SMTPServerSession): Promise<HandledMessage> {
    let envelope = gatewayEnvelope(session, deps.xforwardNetworks);
    const reportTo = reportRecipients(deps.reports, envelope);
    if (reportTo.length) {
      const text = await takeReport(deps.reports!, raw, envelope, reportTo, session, logger);
      envelope = { ...envelope, rcptTo: envelope.rcptTo.filter((rcpt) => !reportTo.includes(rcpt)) };
      if (!envelope.rcptTo.length) return { text: accepted(text), outcome: 'reported' };
    }
    let decision: GatewayDecision;
    try {
      decision = await gateway.decide(raw, envelope, 'smtp');
    } catch (error) {
      logger.warn({ session: session.id, err: error }, 'smtp: analysis failed; answering 451');
      // A configuration problem is named (the admin reads it in the Postfix log); anything else stays generic.
      throw temporaryFailure(error instanceof GatewayTemporaryError && error.replyText ? error.replyText : 'phishgate could not analyse the message, try again later');
    }
    const log = { session: session.id, queueId: envelope.queueId, size: raw.size, recipients: envelope.rcptTo.length, action: decision.action, verdict: decision.verdict, analyses: analysisIds(decision) };

    if (decision.copies?.length) return deliverCopies(raw, session, envelope, decision, log);

    const outcome = mapDecision(decision);
    if (outcome.kind === 'refuse') {
      logger.info(log, 'smtp: message rejected');
      throw outcome.reply;
    }

    if (outcome.kind === 'quarantine') {
      const ids = await quarantine(raw, envelope, decision, log);
      logger.info({ ...log, quarantine: ids }, 'smtp: message quarantined');
      return { text: accepted(`Ok: quarantined by phishgate as ${ids.join(', ')}`), outcome: 'quarantined' };
    }

    try {
      const reply = await relay.send(relayEnvelope(session, envelope), await outgoingMessage(raw, outcome.edits && { ...outcome.edits, ownAuthservId: deps.ownAuthservId ?? null }));
      logger.info(log, 'smtp: message relayed');
      return { text: accepted(`Ok: ${decision.tenants.length ? `scanned (${analysisIds(decision)}), ` : ''}relayed: ${reply}`), outcome: 'relayed' };
    } catch (error) {
      logger.warn({ ...log, err: error }, 'smtp: relay failed');
      throw relayFailureReply(error);
    }
  }

  async function quarantine(raw: RawMessage, envelope: GatewayEnvelope, decision: GatewayDecision, log: object): Promise<string[]> {
    try {
      return await gateway.quarantine(raw, envelope, decision, 'smtp');
    } catch (error) {
      logger.error({ ...log, err: error }, 'smtp: quarantine store failed; answering 451');
      throw temporaryFailure('phishgate could not store the message, try again later');
    }
  }

  /**
   * Recipients of several tenants (docs/smtp-filter.md "Several tenants in one message"): one copy per
   * tenant, each with that tenant's own headers, subject tag and action, so no recipient reads another
   * tenant's analysis ids or list notes. One DATA has one reply, so a tenant that rejects refuses the
   * whole message (the sender's bounce names no other tenant's analysis). Copies already handed on are
   * remembered in the store, so Postfix's retry after a failed later copy does not deliver them twice,
   * also after a restart.
   */
  async function deliverCopies(raw: RawMessage, session: SMTPServerSession, envelope: GatewayEnvelope, decision: GatewayDecision, log: object): Promise<HandledMessage> {
    const copies = decision.copies!;
    const rejecting = copies.filter((c) => c.action === 'reject');
    if (rejecting.length) {
      logger.info(log, 'smtp: message rejected (a tenant rejects it)');
      const outcome = mapDecision(rejecting[0]!);
      throw outcome.kind === 'refuse' ? outcome.reply : temporaryFailure('phishgate could not decide, try again later');
    }
    const messageHash = await hashMessage(raw.stream() as AsyncIterable<Buffer>);
    const parts: string[] = [];
    let quarantined = 0;
    for (const copy of copies) {
      const recipients = copy.tenants.flatMap((t) => t.recipients);
      const key = deliveredCopyKey(messageHash, envelope.mailFrom, recipients);
      let done: string | null;
      try {
        done = await delivered.get(key);
      } catch (error) {
        logger.error({ ...log, err: error }, 'smtp: could not read the copies already handed on; answering 451');
        throw temporaryFailure('phishgate could not check earlier deliveries, try again later');
      }
      if (done) {
        parts.push(done);
        continue;
      }
      const copyEnvelope = { ...envelope, rcptTo: recipients };
      const outcome = mapDecision(copy);
      let part: string;
      if (outcome.kind === 'quarantine') {
        part = `quarantined by phishgate as ${(await quarantine(raw, copyEnvelope, copy, log)).join(', ')}`;
        quarantined++;
      } else if (outcome.kind === 'relay') {
        try {
          const reply = await relay.send(relayEnvelope(session, copyEnvelope), await outgoingMessage(raw, outcome.edits && { ...outcome.edits, ownAuthservId: deps.ownAuthservId ?? null }));
          part = `scanned (${analysisIds(copy)}), relayed to ${recipients.length}: ${reply}`;
        } catch (error) {
          logger.warn({ ...log, copy: recipients.length, err: error }, 'smtp: relay of one tenant copy failed');
          throw relayFailureReply(error);
        }
      } else {
        throw outcome.reply;
      }
      // The copy went out: failing to note it must not turn its success into a 451 (the retry would send
      // every copy again); it is logged, and a retry may deliver this copy twice.
      await delivered.remember(key, part).catch((error: unknown) => logger.error({ ...log, err: error }, 'smtp: could not record a tenant copy handed on'));
      parts.push(part);
    }
    logger.info({ ...log, copies: copies.length, quarantined }, 'smtp: one copy per tenant handed on');
    return { text: accepted(`Ok: ${parts.join('; ')}`), outcome: quarantined === copies.length ? 'quarantined' : 'relayed' };
  }

  /**
   * With `normalise`, a header section holding bare CR or LF is rewritten as CRLF here, before analysis,
   * so the bytes analysed, quarantined and relayed are the same (docs/security.md "Header smuggling").
   */
  async function normalised(raw: RawMessage): Promise<RawMessage> {
    if (deps.bareNewlines !== 'normalise') return raw;
    const bytes = await raw.toBuffer();
    if (!bareLineBreakInHeader(bytes)) return raw;
    await raw.dispose();
    return rawMessageFromBuffer(normaliseHeaderLineBreaks(bytes));
  }

  return {
    /** Resolves with the 250 text, rejects with an `SmtpReply`. */
    async handle(stream: DataStream, session: SMTPServerSession): Promise<HandledMessage> {
      let raw: RawMessage | null;
      try {
        raw = await spoolStream(stream, deps.spool);
      } catch (error) {
        logger.warn({ session: session.id, err: error }, 'smtp: could not spool the message');
        throw temporaryFailure('phishgate could not receive the message, try again later');
      }
      // Over `smtp.size_limit_bytes`: smtp-server answers 552 itself once the stream ended.
      if (!raw) return { text: '', outcome: 'oversize' };
      try {
        raw = await normalised(raw);
        return await deliver(raw, session);
      } finally {
        await raw.dispose();
      }
    },
  };
}

export type MessageHandler = ReturnType<typeof createMessageHandler>;
