/**
 * What can be learnt about an attachment from a bounded look at its bytes: magic numbers, the names
 * inside a ZIP (local headers at the start, central directory at the end), ZIP encryption flags and VBA
 * macros in Office files, and a PDF's link annotations (pdf-links.ts: its streams are inflated, bounded).
 * Archives are never decompressed; every scan is over a capped buffer.
 */
import { pdfLinks } from './pdf-links.js';

export interface Peek {
  innerNames: string[];
  /** Web links of a PDF's link annotations (pdf-links.ts). */
  links: string[];
  encrypted: boolean;
  hasMacros: boolean;
  kind: PeekKind | null;
}

export type PeekKind = 'zip' | 'ole' | 'rar' | '7z' | 'gzip' | 'pe' | 'elf' | 'macho' | 'pdf' | 'lnk' | 'script';

const MAX_NAMES = 200;

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[offset + i] !== magic[i]) return false;
  return true;
}

/** Recognises the container or executable format from the first bytes. */
export function magicKind(head: Uint8Array): PeekKind | null {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x4d, 0x5a])) return 'pe';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) || startsWith(head, [0xca, 0xfe, 0xba, 0xbe])) return 'macho';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return 'pdf';
  if (startsWith(head, [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00])) return 'lnk';
  if (startsWith(head, [0x23, 0x21])) return 'script';
  return null;
}

/** Kinds whose inside is worth keeping more than the first bytes of. */
export function wantsBody(kind: PeekKind | null): boolean {
  return kind === 'zip' || kind === 'ole' || kind === 'rar' || kind === 'pdf';
}

const readU16 = (b: Uint8Array, o: number): number => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);

/** Walks ZIP local headers (PK\3\4) and central directory entries (PK\1\2) found in `bytes`. */
function zipEntries(bytes: Uint8Array, names: Set<string>): boolean {
  let encrypted = false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  while (pos < buf.length && names.size < MAX_NAMES) {
    const at = buf.indexOf('PK', pos, 'latin1');
    if (at < 0 || at + 4 > buf.length) break;
    const a = buf[at + 2];
    const b = buf[at + 3];
    let flagsAt = -1;
    let nameLenAt = -1;
    let nameAt = -1;
    if (a === 0x03 && b === 0x04) {
      flagsAt = at + 6;
      nameLenAt = at + 26;
      nameAt = at + 30;
    } else if (a === 0x01 && b === 0x02) {
      flagsAt = at + 8;
      nameLenAt = at + 28;
      nameAt = at + 46;
    }
    if (flagsAt >= 0 && nameAt <= buf.length) {
      const nameLength = readU16(buf, nameLenAt);
      if (nameLength > 0 && nameLength < 1024 && nameAt + nameLength <= buf.length) {
        if (readU16(buf, flagsAt) & 0x1) encrypted = true;
        const name = buf.toString('utf8', nameAt, nameAt + nameLength);
        if (!name.endsWith('/')) names.add(name);
        pos = nameAt + nameLength;
        continue;
      }
    }
    pos = at + 2;
  }
  return encrypted;
}

const VBA_MARKERS = [Buffer.from('_VBA_PROJECT', 'utf16le'), Buffer.from('VBA_PROJECT', 'latin1'), Buffer.from('Macros', 'utf16le')];

function includesAny(bytes: Uint8Array, markers: readonly Buffer[]): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return markers.some((m) => buf.includes(m));
}

/** RAR 4: main header flag 0x0080 (headers encrypted) or file header flag 0x0004 (file encrypted). */
function rarEncrypted(bytes: Uint8Array): boolean {
  if (bytes[6] === 0x00 && bytes.length > 20) {
    const mainFlags = readU16(bytes, 7 + 3);
    if (mainFlags & 0x0080) return true;
    const mainSize = readU16(bytes, 7 + 5);
    const fileAt = 7 + mainSize;
    if (bytes[fileAt + 2] === 0x74 && readU16(bytes, fileAt + 3) & 0x0004) return true;
  }
  return false;
}

/** Inspects the first bytes (`head`) and, for archives, the last bytes (`tail`) of one attachment. */
export function peekAttachment(head: Uint8Array, tail: Uint8Array | null): Peek {
  const kind = magicKind(head);
  const names = new Set<string>();
  let encrypted = false;
  let hasMacros = false;
  if (kind === 'zip') {
    encrypted = zipEntries(head, names);
    if (tail) encrypted = zipEntries(tail, names) || encrypted;
    hasMacros = [...names].some((n) => /vbaProject\.bin$/i.test(n));
  } else if (kind === 'ole') {
    hasMacros = includesAny(head, VBA_MARKERS) || (tail !== null && includesAny(tail, VBA_MARKERS));
  } else if (kind === 'rar') {
    encrypted = rarEncrypted(head);
  }
  const links = kind === 'pdf' ? [...new Set([...pdfLinks(head), ...(tail ? pdfLinks(tail) : [])])].slice(0, 20) : [];
  return { innerNames: [...names], links, encrypted, hasMacros, kind };
}
