import { MilterProtocolError } from './errors.js';

/** One packet: the command or reply byte and its payload (docs/milter-protocol.md §1). */
export interface Frame {
  code: number;
  data: Buffer;
}

const HEADER_BYTES = 4;

/**
 * Incremental frame parser over arbitrary TCP splits (docs/milter-protocol.md §1: "buffer, then parse while buf >= 4 + len").
 * Chunks are kept as received and copied only when a frame straddles them, so a 64 KiB BODY frame that
 * arrives in many segments is assembled once, not re-concatenated per segment.
 */
export class FrameDecoder {
  private chunks: Buffer[] = [];
  /** Read offset into chunks[0]. */
  private head = 0;
  private buffered = 0;

  /** @param maxFrameBytes largest accepted length field (command byte + payload). */
  constructor(private readonly maxFrameBytes: number) {}

  /** Bytes received but not yet returned as frames (a partial frame at the end of input). */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
  }

  /**
   * The next complete frame, or null when more bytes are needed. Throws `frame_size` as soon as a
   * length field is readable and out of bounds, before any of its payload is buffered.
   */
  next(): Frame | null {
    if (this.buffered < HEADER_BYTES) return null;
    const length = this.peekLength();
    if (length === 0) throw new MilterProtocolError('frame_size', 'frame length 0 (no command byte)');
    if (length > this.maxFrameBytes) {
      throw new MilterProtocolError('frame_size', `frame length ${length} exceeds the limit of ${this.maxFrameBytes} bytes`);
    }
    if (this.buffered < HEADER_BYTES + length) return null;
    this.skip(HEADER_BYTES);
    const body = this.take(length);
    return { code: body[0]!, data: body.subarray(1) };
  }

  private peekLength(): number {
    const first = this.chunks[0]!;
    if (first.length - this.head >= HEADER_BYTES) return first.readUInt32BE(this.head);
    const bytes = Buffer.alloc(HEADER_BYTES);
    let filled = 0;
    let offset = this.head;
    for (const chunk of this.chunks) {
      filled += chunk.copy(bytes, filled, offset, Math.min(chunk.length, offset + HEADER_BYTES - filled));
      offset = 0;
      if (filled === HEADER_BYTES) break;
    }
    return bytes.readUInt32BE(0);
  }

  private skip(n: number): void {
    this.take(n);
  }

  private take(n: number): Buffer {
    this.buffered -= n;
    const first = this.chunks[0]!;
    if (first.length - this.head >= n) {
      const out = first.subarray(this.head, this.head + n);
      this.head += n;
      if (this.head === first.length) {
        this.chunks.shift();
        this.head = 0;
      }
      return out;
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0]!;
      const copied = chunk.copy(out, filled, this.head, Math.min(chunk.length, this.head + (n - filled)));
      filled += copied;
      this.head += copied;
      if (this.head === chunk.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    return out;
  }
}
