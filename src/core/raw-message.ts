import type { Readable } from 'node:stream';

/**
 * A received message's exact bytes, in memory or spooled to disk; read as often as needed. The mail spool
 * (mail/spool.ts) makes them; the gateway and the doors only read them.
 */
export interface RawMessage {
  readonly size: number;
  readonly onDisk: boolean;
  toBuffer(): Promise<Buffer>;
  stream(): Readable;
  /** Frees the temporary file, if any. Safe to call twice. */
  dispose(): Promise<void>;
}
