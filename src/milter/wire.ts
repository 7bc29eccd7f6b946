/** Payload primitives shared by both directions (docs/milter-protocol.md §1: big-endian ints, NUL-terminated strings). */

export class WireValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireValueError';
  }
}

/** A NUL-terminated string. A NUL inside would silently cut the value on the other side, so it is refused. */
export function cstr(value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  if (bytes.includes(0)) throw new WireValueError('a milter string must not contain NUL');
  const out = Buffer.allocUnsafe(bytes.length + 1);
  bytes.copy(out, 0);
  out[bytes.length] = 0;
  return out;
}

export function uint32(value: number): Buffer {
  const out = Buffer.allocUnsafe(4);
  out.writeUInt32BE(value >>> 0, 0);
  return out;
}

export function uint16(value: number): Buffer {
  const out = Buffer.allocUnsafe(2);
  out.writeUInt16BE(value & 0xffff, 0);
  return out;
}

/** Splits a "cstr list" payload; null when the last string is not NUL-terminated. */
export function splitCstrs(data: Buffer): Buffer[] | null {
  if (data.length === 0) return [];
  if (data[data.length - 1] !== 0) return null;
  const out: Buffer[] = [];
  let start = 0;
  while (start < data.length) {
    const end = data.indexOf(0, start);
    out.push(data.subarray(start, end));
    start = end + 1;
  }
  return out;
}

/** The NUL-terminated string at `offset` and the offset after its NUL, or null when unterminated. */
export function readCstr(data: Buffer, offset: number): { value: Buffer; next: number } | null {
  const end = data.indexOf(0, offset);
  if (end < 0) return null;
  return { value: data.subarray(offset, end), next: end + 1 };
}
