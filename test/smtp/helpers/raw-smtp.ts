/**
 * A line-by-line SMTP client for what nodemailer cannot send: XFORWARD, SMTPUTF8 with ASCII
 * addresses, bare LF bodies. Replies are read whole (multi-line replies joined).
 */
import { createConnection, type Socket } from 'node:net';

export class RawSmtp {
  private buffer = '';
  private waiting: Array<(reply: string) => void> = [];

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (;;) {
        const match = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\r?\n/.exec(this.buffer);
        if (!match) break;
        this.buffer = this.buffer.slice(match[0].length);
        this.waiting.shift()?.(match[0].trimEnd());
      }
    });
  }

  /** `localAddress`: the loopback address to connect from (e.g. 127.0.0.2, outside or inside xforward_networks). */
  static async connect(port: number, options: { localAddress?: string } = {}): Promise<{ client: RawSmtp; greeting: string }> {
    const socket = createConnection({ port, host: '127.0.0.1', ...(options.localAddress && { localAddress: options.localAddress }) });
    const client = new RawSmtp(socket);
    const greeting = await client.reply();
    return { client, greeting };
  }

  reply(): Promise<string> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async command(line: string): Promise<string> {
    const reply = this.reply();
    this.socket.write(`${line}\r\n`);
    return reply;
  }

  /** DATA, the bytes as given (dot-stuffed here), the terminating dot; resolves with the final reply. */
  async data(bytes: Buffer): Promise<string> {
    const go = await this.command('DATA');
    if (!go.startsWith('354')) return go;
    const text = bytes.toString('latin1').replace(/(^|\n)\./g, '$1..');
    const reply = this.reply();
    this.socket.write(Buffer.from(`${text}${text.endsWith('\n') ? '' : '\r\n'}.\r\n`, 'latin1'));
    return reply;
  }

  /** Raw bytes, e.g. part of a DATA section. */
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Hangs up without QUIT. */
  destroy(): void {
    this.socket.destroy();
  }

  close(): void {
    this.socket.end('QUIT\r\n');
  }
}
