import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';

import type { RawMessage } from '../core/raw-message.js';

export function rawMessageFromBuffer(bytes: Buffer): RawMessage {
  return {
    size: bytes.length,
    onDisk: false,
    toBuffer: async () => bytes,
    stream: () => Readable.from([bytes]),
    dispose: async () => {},
  };
}

export interface SpoolOptions {
  /** Past this many bytes the message moves to a temporary file. */
  thresholdBytes: number;
  /** Directory for temporary files; defaults to the OS temp dir. */
  dir?: string | null;
}

/**
 * Collects a message chunk by chunk without holding large ones in memory (issues 5 and 6:
 * "spilling to disk above a threshold").
 */
export class SpoolWriter {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private file: { path: string; dir: string; stream: WriteStream } | null = null;
  private finished = false;

  constructor(private readonly options: SpoolOptions) {}

  get size(): number {
    return this.bytes;
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.finished) throw new Error('spool already finished');
    this.bytes += chunk.length;
    if (!this.file && this.bytes <= this.options.thresholdBytes) {
      this.chunks.push(chunk);
      return;
    }
    if (!this.file) await this.spill();
    const stream = this.file!.stream;
    if (!stream.write(chunk)) await once(stream, 'drain');
  }

  private async spill(): Promise<void> {
    const dir = await mkdtemp(join(this.options.dir ?? tmpdir(), 'phishgate-spool-'));
    const path = join(dir, 'message.eml');
    const stream = createWriteStream(path, { mode: 0o600 });
    this.file = { path, dir, stream };
    for (const chunk of this.chunks) if (!stream.write(chunk)) await once(stream, 'drain');
    this.chunks = [];
  }

  async finish(): Promise<RawMessage> {
    this.finished = true;
    if (!this.file) return rawMessageFromBuffer(Buffer.concat(this.chunks, this.bytes));
    const { path, dir, stream } = this.file;
    stream.end();
    await once(stream, 'close');
    const size = this.bytes;
    let disposed = false;
    return {
      size,
      onDisk: true,
      toBuffer: () => readFile(path),
      stream: () => createReadStream(path),
      dispose: async () => {
        if (disposed) return;
        disposed = true;
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  /** Drops what was collected (client aborted the transaction). */
  async abort(): Promise<void> {
    this.finished = true;
    this.chunks = [];
    if (this.file) {
      this.file.stream.destroy();
      await rm(this.file.dir, { recursive: true, force: true });
      this.file = null;
    }
  }
}
