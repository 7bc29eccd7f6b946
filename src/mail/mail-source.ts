import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** One raw message read from a file, a folder or an mbox. */
export interface RawMail {
  /** File path, with "#N" (1-based) for the N-th message of an mbox. */
  name: string;
  raw: Buffer;
}

const FROM_ = Buffer.from('From ', 'latin1');

/**
 * Splits an mbox stream into messages (mboxrd: a "From " line after a blank line starts a message;
 * ">From " lines are unescaped). Streams, so a multi-gigabyte mbox is never held whole in memory;
 * a single message is capped at `maxBytes` (the rest of it is skipped).
 */
export async function* readMbox(path: string, maxBytes: number): AsyncGenerator<RawMail> {
  let lines: Buffer[] = [];
  let size = 0;
  let count = 0;
  let previousBlank = true;
  let started = false;
  let carry = Buffer.alloc(0);
  const flush = (): RawMail | null => {
    if (!started) return null;
    count++;
    const raw = Buffer.concat(lines);
    lines = [];
    size = 0;
    return { name: `${path}#${count}`, raw };
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    let data = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
      const line = data.subarray(start, nl + 1);
      start = nl + 1;
      const isFrom = previousBlank && line.length >= 5 && line.subarray(0, 5).equals(FROM_);
      if (isFrom) {
        const mail = flush();
        if (mail) yield mail;
        started = true;
        previousBlank = false;
        continue;
      }
      previousBlank = line.length <= 2 && (line[0] === 10 || line[0] === 13);
      if (!started || size >= maxBytes) continue;
      const unescaped = /^>+From /.test(line.subarray(0, 80).toString('latin1')) ? line.subarray(1) : line;
      lines.push(Buffer.from(unescaped));
      size += unescaped.length;
    }
    data = data.subarray(start);
    carry = Buffer.from(data);
  }
  if (carry.length && started && size < maxBytes) lines.push(carry);
  const last = flush();
  if (last) yield last;
}

async function* walk(path: string): AsyncGenerator<string> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    yield path;
    return;
  }
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* walk(child);
    else if (entry.isFile()) yield child;
  }
}

/** A file read whole (up to the cap), or the note that it is an mbox, to be streamed. */
type FileRead = { kind: 'message'; raw: Buffer } | { kind: 'mbox' };

/**
 * One open, one fstat, one read, one close: the first bytes tell an mbox from a single message, so a
 * message file costs four round trips to the file-system threads instead of seven (docs/performance.md,
 * "Reading the input").
 */
async function readOne(file: string, maxBytes: number): Promise<FileRead> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    // One byte past the cap, so that whoever parses it can tell the message is too large.
    const length = Math.min(size, maxBytes + 1);
    const raw = Buffer.alloc(length);
    const { bytesRead } = await handle.read(raw, 0, length, 0);
    const read = bytesRead < length ? raw.subarray(0, bytesRead) : raw;
    return read.length >= 5 && read.subarray(0, 5).equals(FROM_) ? { kind: 'mbox' } : { kind: 'message', raw: read };
  } finally {
    await handle.close();
  }
}

/**
 * Files read ahead of the one being yielded: a scan's next messages are already in memory when the engine
 * asks, instead of each read waiting for the one before. Bounded: at most this many files (each at most the
 * message cap) are held beyond what the caller keeps.
 */
const READ_AHEAD = 4;

/** The files under `paths` that are read as mail, in a stable order. */
async function* mailFiles(paths: readonly string[]): AsyncGenerator<string> {
  for (const root of paths) {
    for await (const file of walk(root)) {
      if (/\.(jsonl?|ya?ml|md|gz)$/i.test(file) && file !== root) continue;
      yield file;
    }
  }
}

/**
 * Every message under `paths`: files (a single message, or an mbox when it starts with "From "),
 * directories recursively (hidden entries and .json/.jsonl/.yaml/.yml/.md/.gz files skipped, so a labelled
 * corpus folder can be scanned as is), in a stable order.
 */
export async function* readMailSources(paths: readonly string[], maxBytes: number): AsyncGenerator<RawMail> {
  const pending: Array<{ file: string; read: Promise<FileRead> }> = [];
  const files = mailFiles(paths);
  let exhausted = false;
  const fill = async (): Promise<void> => {
    while (!exhausted && pending.length < READ_AHEAD) {
      const next = await files.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      const read = readOne(next.value, maxBytes);
      // A failed read surfaces when its turn comes (below), not as an unhandled rejection before it.
      read.catch(() => undefined);
      pending.push({ file: next.value, read });
    }
  };
  try {
    for (await fill(); pending.length > 0; await fill()) {
      const { file, read } = pending.shift()!;
      const got = await read;
      if (got.kind === 'mbox') yield* readMbox(file, maxBytes);
      else yield { name: file, raw: got.raw };
    }
  } finally {
    await files.return(undefined);
  }
}
