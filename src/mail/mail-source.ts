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

/** An mbox starts with a "From " envelope line; a single message starts with a header field. */
export async function isMbox(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    return bytesRead === 5 && buffer.toString('latin1') === 'From ';
  } finally {
    await handle.close();
  }
}

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

/**
 * Every message under `paths`: files (a single message, or an mbox when it starts with "From "),
 * directories recursively (hidden entries and .json/.jsonl/.yaml/.yml/.md/.gz files skipped, so a labelled
 * corpus folder can be scanned as is), in a stable order.
 */
export async function* readMailSources(paths: readonly string[], maxBytes: number): AsyncGenerator<RawMail> {
  for (const root of paths) {
    for await (const file of walk(root)) {
      if (/\.(jsonl?|ya?ml|md|gz)$/i.test(file) && file !== root) continue;
      if (await isMbox(file)) {
        yield* readMbox(file, maxBytes);
        continue;
      }
      const handle = await open(file, 'r');
      try {
        const { size } = await handle.stat();
        const length = Math.min(size, maxBytes + 1);
        const raw = Buffer.alloc(length);
        await handle.read(raw, 0, length, 0);
        yield { name: file, raw };
      } finally {
        await handle.close();
      }
    }
  }
}
