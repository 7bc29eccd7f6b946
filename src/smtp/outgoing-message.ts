/**
 * The bytes phishgate sends on: the received message with only its header section rewritten. The body
 * is streamed from the spool (memory or disk) as it was received, never re-encoded (docs/gateway.md).
 */
import { Readable } from 'node:stream';
import type { RawMessage } from '../core/raw-message.js';
import { findHeaderEnd, rewriteHeaderSection, type HeaderEdits } from './header-rewrite.js';

/** Bytes of the header section (before the empty line); the whole message when it has no body. */
export async function readHeaderSection(raw: RawMessage): Promise<Buffer> {
  if (!raw.onDisk) {
    const bytes = await raw.toBuffer();
    const end = findHeaderEnd(bytes);
    return end < 0 ? bytes : bytes.subarray(0, end);
  }
  const stream = raw.stream();
  let seen = Buffer.alloc(0);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const from = Math.max(0, seen.length - 2);
      seen = Buffer.concat([seen, chunk]);
      const end = findHeaderEnd(seen, from);
      if (end >= 0) return seen.subarray(0, end);
    }
    return seen;
  } finally {
    stream.destroy();
  }
}

async function* bytesFrom(raw: RawMessage, offset: number): AsyncGenerator<Buffer> {
  if (!raw.onDisk) {
    const rest = (await raw.toBuffer()).subarray(offset);
    if (rest.length) yield rest;
    return;
  }
  let skip = offset;
  for await (const chunk of raw.stream() as AsyncIterable<Buffer>) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    yield skip ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
}

export interface OutgoingMessage {
  /** Size in bytes (sent as SIZE to the next hop). */
  size: number;
  /** A fresh stream of the bytes each time (a retry on another connection needs a new one). */
  open(): Readable;
}

/**
 * The message with `edits` applied (forged phishgate headers removed even when nothing is added), or
 * exactly as received when `edits` is null or changes nothing.
 */
export async function outgoingMessage(raw: RawMessage, edits: HeaderEdits | null): Promise<OutgoingMessage> {
  const asReceived = { size: raw.size, open: () => Readable.from(bytesFrom(raw, 0)) };
  if (!edits) return asReceived;
  const head = await readHeaderSection(raw);
  const newHead = rewriteHeaderSection(head, edits);
  if (newHead.equals(head)) return asReceived;
  return {
    size: raw.size - head.length + newHead.length,
    open: () =>
      Readable.from(
        (async function* () {
          yield newHead;
          yield* bytesFrom(raw, head.length);
        })(),
      ),
  };
}
