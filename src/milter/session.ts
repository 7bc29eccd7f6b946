import type { GatewayEnvelope } from '../core/gateway.js';
import type { MilterCommand } from './commands.js';
import { Cmd, NO_REPLY_FLAG, Proto } from './constants.js';
import { MilterProtocolError } from './errors.js';
import { MacroStore } from './macros.js';
import { MessageCollector, type CollectedMessage, type CollectorOptions } from './message-collector.js';
import { negotiate, type NegotiationWants, type Negotiated } from './negotiate.js';
import type { MilterReply } from './replies.js';

/** Everything the end-of-message handler needs about one finished message. */
export interface EndOfMessage {
  sessionId: string;
  envelope: GatewayEnvelope;
  message: CollectedMessage;
  negotiated: Negotiated;
}

/** Decides at BODYEOB; returns the modifications followed by exactly one final reply. */
export type EndOfMessageHandler = (eom: EndOfMessage) => Promise<MilterReply[]>;

export interface SessionDeps {
  sessionId: string;
  collector: Omit<CollectorOptions, 'leadingSpace'>;
  endOfMessage: EndOfMessageHandler;
  wants?: NegotiationWants;
}

export interface SessionStep {
  /** Replies to write, in order (empty when the command takes none under the negotiated flags). */
  replies: MilterReply[];
  /** The MTA said goodbye: close the connection after writing `replies`. */
  close: boolean;
}

/**
 * `negotiate` → (OPTNEG) → `ready` ⇄ message phases. A message runs `envelope` (MAIL, RCPT) →
 * `headers` (DATA, HEADER) → `body` (EOH, BODY) and ends with BODYEOB or ABORT back in `ready`.
 */
type Phase = 'negotiate' | 'ready' | 'envelope' | 'headers' | 'body';

const NONE: SessionStep = { replies: [], close: false };
const CONTINUE: MilterReply = { kind: 'continue' };

function stripBrackets(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('<') && trimmed.endsWith('>') ? trimmed.slice(1, -1).trim() : trimmed;
}

/**
 * One milter connection's state (go-milter model: one fresh session per connection). Commands are
 * handled strictly one at a time; the caller writes the returned replies.
 */
export class MilterSession {
  private phase: Phase = 'negotiate';
  private negotiated: Negotiated | null = null;
  private readonly macros = new MacroStore();
  private client: { address?: string; helo?: string } = {};
  private envelope: { mailFrom: string; rcptTo: string[] } | null = null;
  private collector: MessageCollector | null = null;

  constructor(private readonly deps: SessionDeps) {}

  /** True between MAIL and the end of that message: closing now would lose the message. */
  get inTransaction(): boolean {
    return this.phase === 'envelope' || this.phase === 'headers' || this.phase === 'body';
  }

  get agreed(): Negotiated | null {
    return this.negotiated;
  }

  async handle(command: MilterCommand): Promise<SessionStep> {
    if (this.phase === 'negotiate' && command.kind !== 'optneg') {
      if (command.kind === 'quit') return { replies: [], close: true };
      throw this.unexpected(command, 'before option negotiation');
    }
    switch (command.kind) {
      case 'optneg': {
        if (this.phase !== 'negotiate') throw this.unexpected(command, 'after negotiation');
        const { reply, negotiated } = negotiate(command, this.deps.wants);
        this.negotiated = negotiated;
        this.phase = 'ready';
        return { replies: [reply], close: false };
      }
      case 'macro':
        this.macros.set(command.stage, command.macros);
        return NONE;
      case 'connect':
        if (this.phase !== 'ready') throw this.unexpected(command, 'inside a message');
        this.client = { address: command.family === 'inet' || command.family === 'inet6' ? command.address : undefined };
        return this.ack(Cmd.CONNECT);
      case 'helo':
        // A new EHLO resets the SMTP transaction (RFC 5321 §4.1.4); Postfix aborts before, be lenient.
        if (this.phase === 'headers' || this.phase === 'body') throw this.unexpected(command, 'inside message content');
        await this.resetMessage();
        this.client.helo = command.name;
        return this.ack(Cmd.HELO);
      case 'unknown':
        if (this.phase === 'headers' || this.phase === 'body') throw this.unexpected(command, 'inside message content');
        return this.ack(Cmd.UNKNOWN);
      case 'mail':
        if (this.phase === 'headers' || this.phase === 'body') throw this.unexpected(command, 'inside message content');
        await this.resetMessage();
        this.envelope = { mailFrom: stripBrackets(command.args[0]!), rcptTo: [] };
        this.collector = new MessageCollector({ ...this.deps.collector, leadingSpace: this.has(Proto.HDR_LEADSPC) });
        this.phase = 'envelope';
        return this.ack(Cmd.MAIL);
      case 'rcpt':
        if (this.phase !== 'envelope') throw this.unexpected(command, 'outside the envelope');
        this.envelope!.rcptTo.push(stripBrackets(command.args[0]!));
        return this.ack(Cmd.RCPT);
      case 'data':
        if (this.phase !== 'envelope') throw this.unexpected(command, 'outside the envelope');
        this.phase = 'headers';
        return this.ack(Cmd.DATA);
      case 'header':
        if (this.phase !== 'envelope' && this.phase !== 'headers') throw this.unexpected(command, 'outside the header');
        this.phase = 'headers';
        await this.collector!.header(command.name, command.value);
        return this.ack(Cmd.HEADER);
      case 'eoh':
        if (!this.inTransaction || this.phase === 'body') throw this.unexpected(command, 'outside the header');
        this.phase = 'body';
        await this.collector!.endOfHeaders();
        return this.ack(Cmd.EOH);
      case 'body':
        if (!this.inTransaction) throw this.unexpected(command, 'outside a message');
        this.phase = 'body';
        await this.collector!.body(command.chunk);
        return this.ack(Cmd.BODY);
      case 'eob':
        if (!this.inTransaction) throw this.unexpected(command, 'outside a message');
        return { replies: await this.endOfMessage(command.chunk), close: false };
      case 'abort':
        // Never answered (docs/milter-protocol.md §4); Postfix sends two after every message.
        await this.resetMessage();
        return NONE;
      case 'quit':
        await this.resetMessage();
        return { replies: [], close: true };
      case 'quit_nc':
        // Same MTA, next SMTP connection: forget the client, keep the negotiation (docs/milter-protocol.md §2).
        await this.resetMessage();
        this.macros.clearAll();
        this.client = {};
        return NONE;
    }
  }

  /** Frees a half-received message (connection lost). */
  async dispose(): Promise<void> {
    await this.resetMessage();
  }

  private async endOfMessage(lastChunk: Buffer): Promise<MilterReply[]> {
    const collector = this.collector!;
    const envelope = this.envelope!;
    if (lastChunk.length > 0) await collector.body(lastChunk);
    this.collector = null;
    this.envelope = null;
    this.phase = 'ready';
    const message = await collector.finish();
    const queueId = this.macros.get('i');
    this.macros.clearMessage();
    return this.deps.endOfMessage({
      sessionId: this.deps.sessionId,
      envelope: {
        mailFrom: envelope.mailFrom,
        rcptTo: envelope.rcptTo,
        ...(this.client.address !== undefined && { clientAddress: this.client.address }),
        ...(this.client.helo !== undefined && { clientHelo: this.client.helo }),
        ...(queueId !== undefined && { queueId }),
      },
      message,
      negotiated: this.negotiated!,
    });
  }

  private async resetMessage(): Promise<void> {
    const collector = this.collector;
    this.collector = null;
    this.envelope = null;
    if (this.phase !== 'negotiate') this.phase = 'ready';
    this.macros.clearMessage();
    if (collector) await collector.abort();
  }

  private has(flag: number): boolean {
    return ((this.negotiated?.protocol ?? 0) & flag) !== 0;
  }

  /** CONTINUE, unless the matching NR_* flag was negotiated: then a reply would desync the stream (docs/milter-protocol.md §3). */
  private ack(code: number): SessionStep {
    return this.has(NO_REPLY_FLAG[code] ?? 0) ? NONE : { replies: [CONTINUE], close: false };
  }

  private unexpected(command: MilterCommand, where: string): MilterProtocolError {
    return new MilterProtocolError('unexpected_command', `${command.kind.toUpperCase()} ${where} (phase ${this.phase})`);
  }
}
