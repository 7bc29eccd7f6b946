import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import type { MilterCommand } from './commands.js';
import { commandCode, encodeCommand } from './command-encoder.js';
import { MAX_BODY_CHUNK, MILTER_VERSION, NO_REPLY_FLAG, NO_SEND_FLAG, Proto } from './constants.js';
import { FrameDecoder } from './frame-decoder.js';
import { decodeReply, isFinalReply, type MilterReply } from './replies.js';
import type { OptionOffer } from './negotiate.js';

/** What Postfix 3.7 offers (docs/milter-protocol.md §3, observed). */
export const POSTFIX_OFFER: OptionOffer = { version: MILTER_VERSION, actions: 0x1ff, protocol: 0x1fffff };

export interface MilterClientOptions {
  host: string;
  port: number;
  offer?: OptionOffer;
  /** Called for each SMFIR_PROGRESS received while waiting at end of message. */
  onProgress?: () => void;
  maxFrameBytes?: number;
}

export interface ClientConnectInfo {
  hostname: string;
  address: string;
  port: number;
  family?: 'inet' | 'inet6' | 'unix' | 'unknown';
  helo: string;
}

export interface ClientMessage {
  /** Envelope sender, with or without angle brackets ('' for the null sender). */
  mailFrom: string;
  rcptTo: string[];
  /** Values without the space after the colon; it is added when HDR_LEADSPC was negotiated, as Postfix does. */
  headers: Array<[string, string | Buffer]>;
  /** CRLF line ends, no terminating dot. */
  body: string | Buffer;
  /** Macros per stage letter (e.g. `{ E: [['i', 'ABC123']] }`), sent in a `D` packet before that command. */
  macros?: Partial<Record<string, Array<[string, string]>>>;
}

export interface MessageResult {
  /** The command the final reply answered ('eob' when the message reached end of body). */
  stage: MilterCommand['kind'];
  modifications: MilterReply[];
  final: MilterReply;
  progress: number;
}

const bracket = (address: string): string => (address.startsWith('<') ? address : `<${address}>`);

/**
 * The MTA side of the protocol, playing Postfix's sequence (docs/milter-protocol.md §2): used by the tests, the benchmark and
 * for poking a running door by hand. Commands that need no reply under the negotiated flags are
 * pipelined in one write, exactly the traffic pattern Postfix produces.
 */
export class MilterClient {
  private readonly decoder: FrameDecoder;
  private readonly frames: MilterReply[] = [];
  private waiter: { resolve: (r: MilterReply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private outgoing: Buffer[] = [];
  negotiated: OptionOffer = { version: 0, actions: 0, protocol: 0 };
  optnegReply: MilterReply | null = null;
  readonly closed: Promise<void>;

  private constructor(
    private readonly socket: Socket,
    private readonly options: MilterClientOptions,
  ) {
    this.decoder = new FrameDecoder(options.maxFrameBytes ?? 1 << 20);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.fail(new Error('milter connection closed'));
        resolve();
      }),
    );
  }

  static async connect(options: MilterClientOptions): Promise<MilterClient> {
    const socket = connect(options.port, options.host);
    await once(socket, 'connect');
    const client = new MilterClient(socket, options);
    await client.negotiate(options.offer ?? POSTFIX_OFFER);
    return client;
  }

  /** CONNECT and HELO; returns the first non-CONTINUE reply, if any. */
  async open(info: ClientConnectInfo): Promise<MilterReply | null> {
    const family = info.family ?? 'inet';
    const connectCmd: MilterCommand = { kind: 'connect', hostname: info.hostname, family, port: info.port, address: info.address };
    const first = await this.step('C', [], connectCmd);
    if (first && first.kind !== 'continue') return first;
    const second = await this.step('H', [], { kind: 'helo', name: info.helo });
    return second && second.kind !== 'continue' ? second : null;
  }

  /** One transaction, MAIL to end of message, then the two ABORTs Postfix sends after every message. */
  async send(message: ClientMessage): Promise<MessageResult> {
    const macros = message.macros ?? {};
    const m = (stage: string) => macros[stage] ?? [];
    const steps: Array<[string, MilterCommand]> = [
      ['M', { kind: 'mail', args: [bracket(message.mailFrom)] }],
      ...message.rcptTo.map((r): [string, MilterCommand] => ['R', { kind: 'rcpt', args: [bracket(r)] }]),
      ['T', { kind: 'data' }],
      ...message.headers.map(([name, value]): [string, MilterCommand] => ['L', { kind: 'header', name, value: this.headerValue(value) }]),
      ['N', { kind: 'eoh' }],
      ...this.chunks(message.body).map((chunk): [string, MilterCommand] => ['B', { kind: 'body', chunk }]),
    ];
    for (const [stage, command] of steps) {
      const reply = await this.step(stage, m(stage), command);
      if (reply && reply.kind !== 'continue') return this.endEarly(command.kind, reply);
    }
    this.queue({ kind: 'macro', stage: 'E', macros: m('E') });
    this.queue({ kind: 'eob', chunk: Buffer.alloc(0) });
    this.flush();
    const modifications: MilterReply[] = [];
    let progress = 0;
    for (;;) {
      const reply = await this.read();
      if (reply.kind === 'progress') {
        progress += 1;
        this.options.onProgress?.();
      } else if (isFinalReply(reply)) {
        this.abortTwice();
        return { stage: 'eob', modifications, final: reply, progress };
      } else modifications.push(reply);
    }
  }

  /** QUIT and wait for the milter to close. */
  async quit(): Promise<void> {
    this.queue({ kind: 'quit' });
    this.flush();
    this.socket.end();
    await this.closed;
  }

  /** Raw bytes, for protocol tests. */
  writeRaw(bytes: Buffer): void {
    this.flush();
    this.socket.write(bytes);
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The next reply, for tests that drive commands by hand. */
  read(): Promise<MilterReply> {
    const next = this.frames.shift();
    if (next) return Promise.resolve(next);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  private async negotiate(offer: OptionOffer): Promise<void> {
    this.queue({ kind: 'optneg', ...offer });
    this.flush();
    const reply = await this.read();
    if (reply.kind !== 'optneg') throw new Error(`expected an OPTNEG reply, got ${reply.kind}`);
    this.optnegReply = reply;
    this.negotiated = { version: reply.version, actions: reply.actions & offer.actions, protocol: reply.protocol & offer.protocol };
  }

  /** Sends the stage's macros and the command (unless negotiated away), and reads its reply if one is due. */
  private async step(stage: string, macros: Array<[string, string]>, command: MilterCommand): Promise<MilterReply | null> {
    const code = commandCode(command.kind);
    // Postfix sends the D packet even for a step the milter switched off (docs/milter-protocol.md §3 "rules that bite").
    this.queue({ kind: 'macro', stage, macros });
    if (this.negotiated.protocol & (NO_SEND_FLAG[code] ?? 0)) return null;
    this.queue(command);
    if (this.negotiated.protocol & (NO_REPLY_FLAG[code] ?? 0)) return null;
    this.flush();
    return this.read();
  }

  private endEarly(stage: MilterCommand['kind'], final: MilterReply): MessageResult {
    this.abortTwice();
    return { stage, modifications: [], final, progress: 0 };
  }

  private abortTwice(): void {
    this.queue({ kind: 'abort' });
    this.queue({ kind: 'abort' });
    this.flush();
  }

  private headerValue(value: string | Buffer): Buffer {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    return this.negotiated.protocol & Proto.HDR_LEADSPC ? Buffer.concat([Buffer.from(' '), bytes]) : bytes;
  }

  private chunks(body: string | Buffer): Buffer[] {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const out: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += MAX_BODY_CHUNK) out.push(bytes.subarray(i, i + MAX_BODY_CHUNK));
    return out;
  }

  private queue(command: MilterCommand): void {
    this.outgoing.push(encodeCommand(command));
  }

  private flush(): void {
    if (this.outgoing.length === 0) return;
    const bytes = this.outgoing.length === 1 ? this.outgoing[0]! : Buffer.concat(this.outgoing);
    this.outgoing = [];
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  private onData(chunk: Buffer): void {
    this.decoder.push(chunk);
    try {
      for (let frame = this.decoder.next(); frame; frame = this.decoder.next()) this.deliver(decodeReply(frame));
    } catch (error) {
      this.fail(error as Error);
      this.socket.destroy();
    }
  }

  private deliver(reply: MilterReply): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter.resolve(reply);
    } else this.frames.push(reply);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(this.failure);
  }
}
