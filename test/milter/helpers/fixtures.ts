import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FrameDecoder, type Frame } from '../../../src/milter/frame-decoder.js';

/** Real Postfix 3.7.11 byte captures (captured once, kept in test/milter/fixtures). */
export function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));
}

/** Every frame of a capture, parsed in one go. */
export function framesOf(bytes: Buffer): Frame[] {
  const decoder = new FrameDecoder(1 << 20);
  decoder.push(bytes);
  const frames: Frame[] = [];
  for (let frame = decoder.next(); frame; frame = decoder.next()) frames.push({ code: frame.code, data: Buffer.from(frame.data) });
  if (decoder.pendingBytes !== 0) throw new Error('capture ends inside a frame');
  return frames;
}

/** Deterministic PRNG (mulberry32) so fuzz and split tests replay identically. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cuts `bytes` into random pieces of 1..maxPiece bytes. */
export function randomSplits(bytes: Buffer, random: () => number, maxPiece: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + Math.floor(random() * maxPiece);
    out.push(bytes.subarray(i, i + n));
    i += n;
  }
  return out;
}
