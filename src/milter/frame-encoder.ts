/** `uint32 len` (= 1 + payload) + code + payload (docs/milter-protocol.md §1). */
export function encodeFrame(code: number, parts: readonly Buffer[] = []): Buffer {
  let payload = 0;
  for (const part of parts) payload += part.length;
  const out = Buffer.allocUnsafe(5 + payload);
  out.writeUInt32BE(1 + payload, 0);
  out[4] = code;
  let offset = 5;
  for (const part of parts) offset += part.copy(out, offset);
  return out;
}
