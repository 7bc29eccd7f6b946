import { isForgedHeader } from '../services/gateway/forged-headers.js';
import type { RawMessage } from '../core/raw-message.js';
import { SpoolWriter } from '../mail/spool.js';

export interface CollectorOptions {
  /** Past this many bytes the message moves from memory to a temporary file. */
  spillThresholdBytes: number;
  spoolDir: string | null;
  /** Past this many bytes nothing more is kept: the message is reported oversize (docs/gateway.md). */
  maxMessageBytes: number;
  /** HDR_LEADSPC was negotiated: values arrive with their leading space (docs/milter-protocol.md §4 "Headers"). */
  leadingSpace: boolean;
  /** auth.authserv_id: incoming Authentication-Results with it are forged (docs/authentication.md). */
  ownAuthservId?: string | null;
}

/** One header occurrence as Postfix counts them for CHGHEADER: 1-based, per name, case-insensitive (docs/milter-protocol.md §6). */
export interface HeaderOccurrence {
  name: string;
  index: number;
}

export interface CollectedMessage {
  /** The rebuilt message, or null when it grew past `maxMessageBytes`. */
  raw: RawMessage | null;
  /** Bytes seen, including any dropped past the limit. */
  size: number;
  /** Every `X-Phishgate-*` header, and Authentication-Results with our authserv-id, that arrived from outside: deleted before tagging. */
  forgedHeaders: HeaderOccurrence[];
}

const CRLF = Buffer.from('\r\n');
const COLON = Buffer.from(':');
const COLON_SPACE = Buffer.from(': ');

/** Folded values arrive with bare LF (docs/milter-protocol.md §4 "Headers"); the raw message uses CRLF everywhere. */
function toCrlf(value: Buffer): Buffer {
  if (!value.includes(0x0a)) return value;
  return Buffer.from(value.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}

/**
 * Rebuilds the message from HEADER and BODY events into a spool (memory, then disk), bounded by
 * `maxMessageBytes`, and remembers where forged phishgate headers sit.
 */
export class MessageCollector {
  private spool: SpoolWriter | null;
  private bytes = 0;
  private headersClosed = false;
  private readonly occurrences = new Map<string, number>();
  private readonly forged: HeaderOccurrence[] = [];

  constructor(private readonly options: CollectorOptions) {
    this.spool = new SpoolWriter({ thresholdBytes: options.spillThresholdBytes, dir: options.spoolDir });
  }

  async header(name: string, value: Buffer): Promise<void> {
    const key = name.toLowerCase();
    const index = (this.occurrences.get(key) ?? 0) + 1;
    this.occurrences.set(key, index);
    if (isForgedHeader(key, value.toString('latin1'), this.options.ownAuthservId)) this.forged.push({ name, index });
    const line = Buffer.concat([Buffer.from(name, 'latin1'), this.options.leadingSpace ? COLON : COLON_SPACE, toCrlf(value), CRLF]);
    await this.write(line);
  }

  /** The blank line between header and body; idempotent (EOH may be skipped by the MTA). */
  async endOfHeaders(): Promise<void> {
    if (this.headersClosed) return;
    this.headersClosed = true;
    await this.write(CRLF);
  }

  async body(chunk: Buffer): Promise<void> {
    await this.endOfHeaders();
    if (chunk.length > 0) await this.write(chunk);
  }

  async finish(): Promise<CollectedMessage> {
    await this.endOfHeaders();
    const spool = this.spool;
    this.spool = null;
    const raw = spool ? await spool.finish() : null;
    return { raw, size: this.bytes, forgedHeaders: [...this.forged] };
  }

  /** Drops whatever was collected (ABORT, connection lost). Safe to call more than once. */
  async abort(): Promise<void> {
    const spool = this.spool;
    this.spool = null;
    if (spool) await spool.abort();
  }

  private async write(bytes: Buffer): Promise<void> {
    this.bytes += bytes.length;
    if (!this.spool) return;
    if (this.bytes > this.options.maxMessageBytes) {
      // Keep counting, stop keeping: the end-of-message handler reports the message oversize.
      await this.abort();
      return;
    }
    await this.spool.write(bytes);
  }
}
