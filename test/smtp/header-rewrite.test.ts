import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SpoolWriter, rawMessageFromBuffer } from '../../src/mail/spool.js';
import { findHeaderEnd, foldLine, rewriteHeaderSection } from '../../src/smtp/header-rewrite.js';
import { outgoingMessage, readHeaderSection } from '../../src/smtp/outgoing-message.js';

const TAG = [
  { name: 'X-Phishgate-Verdict', value: 'suspicious' },
  { name: 'X-Phishgate-Score', value: '0.612' },
];
const b = (text: string) => Buffer.from(text, 'latin1');
const rewrite = (head: string, newSubject: string | null = null) => rewriteHeaderSection(b(head), { addHeaders: TAG, newSubject }).toString('latin1');

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('findHeaderEnd', () => {
  it.each([
    ['CRLF message', 'A: 1\r\nB: 2\r\n\r\nbody', 12],
    ['bare LF message', 'A: 1\nB: 2\n\nbody', 10],
    ['mixed endings', 'A: 1\nB: 2\r\n\nbody', 11],
    ['no body at all', 'A: 1\r\nB: 2\r\n', -1],
    ['empty header section', '\r\nbody', 0],
    ['CR at the end of a chunk, LF still to come', 'A: 1\r\n\r', -1],
    ['a whitespace-only line is a folded line, not the end', 'A: x\r\n \r\nB: y\r\n\r\n', 15],
  ])('%s', (_name, text, expected) => {
    expect(findHeaderEnd(b(text))).toBe(expected);
  });
});

describe('rewriteHeaderSection', () => {
  it('puts the headers on top and leaves every other byte as it was', () => {
    const head = 'Received: from a\r\n\tby b; Sat, 21 Nov 2026\r\nSubject: hi\r\nFrom: x@y\r\n';
    expect(rewrite(head)).toBe(`X-Phishgate-Verdict: suspicious\r\nX-Phishgate-Score: 0.612\r\n${head}`);
  });

  it('removes every X-Phishgate-* field that came from outside, folded lines included, whatever its case', () => {
    const head = 'A: 1\r\nX-PhishGate-Verdict: safe\r\n  (forged)\r\nB: 2\r\nx-phishgate-score : 0\r\nX-Phishgate-Reasons: a\r\n\tb\r\nC: 3\r\n';
    expect(rewrite(head)).toBe('X-Phishgate-Verdict: suspicious\r\nX-Phishgate-Score: 0.612\r\nA: 1\r\nB: 2\r\nC: 3\r\n');
  });

  it('removes Authentication-Results carrying our authserv-id (forged), folded lines included, and keeps the others', () => {
    const head = 'Authentication-Results: phishgate;\r\n dmarc=pass header.from=acme.test\r\nAuthentication-Results: mx.acme.test; dmarc=pass\r\nAUTHENTICATION-RESULTS:PhishGate (forged) ; spf=pass\r\nFrom: a@b\r\n';
    const out = rewriteHeaderSection(b(head), { addHeaders: TAG, newSubject: null, ownAuthservId: 'phishgate' }).toString('latin1');
    expect(out).toBe('X-Phishgate-Verdict: suspicious\r\nX-Phishgate-Score: 0.612\r\nAuthentication-Results: mx.acme.test; dmarc=pass\r\nFrom: a@b\r\n');
    // Without an authserv-id configured nothing but X-Phishgate-* is touched.
    expect(rewrite(head)).toContain('Authentication-Results: phishgate;');
  });

  it('keeps a field that merely mentions phishgate', () => {
    expect(rewrite('X-Not-Phishgate-Verdict: safe\r\n')).toContain('X-Not-Phishgate-Verdict: safe\r\n');
  });

  it('replaces only the first Subject field, folded lines included', () => {
    const head = 'A: 1\r\nSubject: Account\r\n notice\r\nB: 2\r\nSubject: second\r\n';
    expect(rewrite(head, '[PHISHING] Account notice')).toBe(
      'X-Phishgate-Verdict: suspicious\r\nX-Phishgate-Score: 0.612\r\nA: 1\r\nSubject: [PHISHING] Account notice\r\nB: 2\r\nSubject: second\r\n',
    );
  });

  it('adds a Subject when the message has none', () => {
    expect(rewrite('A: 1\r\n', '[PHISHING]')).toBe('X-Phishgate-Verdict: suspicious\r\nX-Phishgate-Score: 0.612\r\nSubject: [PHISHING]\r\nA: 1\r\n');
  });

  it('writes new lines with the line ending the message uses', () => {
    expect(rewrite('Subject: a\nB: 2\n', '[SUSPICIOUS] a')).toBe('X-Phishgate-Verdict: suspicious\nX-Phishgate-Score: 0.612\nSubject: [SUSPICIOUS] a\nB: 2\n');
  });

  it('writes a UTF-8 subject (SMTPUTF8 mail) as UTF-8 bytes and keeps 8-bit bytes of other fields', () => {
    const head = Buffer.concat([Buffer.from('Subject: Grüße\r\nX-Latin1: '), Buffer.from([0xe9, 0x0d, 0x0a])]);
    const out = rewriteHeaderSection(head, { addHeaders: [], newSubject: '[SUSPICIOUS] Grüße' });
    expect(out).toEqual(Buffer.concat([Buffer.from('Subject: [SUSPICIOUS] Grüße\r\nX-Latin1: '), Buffer.from([0xe9, 0x0d, 0x0a])]));
  });

  it('keeps a last header line without line end as it was', () => {
    expect(rewrite('A: 1\r\nSubject: x', '[PHISHING] x')).toBe('X-Phishgate-Verdict: suspicious\r\nX-Phishgate-Score: 0.612\r\nA: 1\r\nSubject: [PHISHING] x');
  });

  it('folds a replacement line longer than 998 octets at spaces', () => {
    const long = `Subject: ${'word '.repeat(300).trim()}`;
    const folded = foldLine(long, '\r\n');
    expect(folded.replace(/\r\n/g, '')).toBe(long);
    for (const line of folded.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(folded.split('\r\n').slice(1).every((line) => line.startsWith(' '))).toBe(true);
  });
});

describe('outgoingMessage', () => {
  const body = Buffer.concat([Buffer.from('\r\nBody line with 8-bit bytes: '), Buffer.from([0xc3, 0xa9, 0xff, 0x00, 0x80]), Buffer.from('\r\n.leading dot\r\n')]);
  const message = Buffer.concat([Buffer.from('X-Phishgate-Verdict: safe\r\nSubject: hi\r\n'), body]);
  const edits = { addHeaders: [{ name: 'X-Phishgate-Verdict', value: 'phishing' }], newSubject: '[PHISHING] hi' };
  const expected = Buffer.concat([Buffer.from('X-Phishgate-Verdict: phishing\r\nSubject: [PHISHING] hi\r\n'), body]);

  it('streams the rewritten header section followed by the untouched body (in memory)', async () => {
    const out = await outgoingMessage(rawMessageFromBuffer(message), edits);
    expect(await collect(out.open())).toEqual(expected);
    expect(out.size).toBe(expected.length);
    expect(await collect(out.open())).toEqual(expected); // can be opened again for a retry
  });

  it('does the same for a message spilled to disk, read in small chunks', async () => {
    const big = Buffer.concat([message, Buffer.alloc(200_000, 0xe9)]);
    const spool = new SpoolWriter({ thresholdBytes: 64 });
    for (let i = 0; i < big.length; i += 997) await spool.write(big.subarray(i, i + 997));
    const raw = await spool.finish();
    try {
      expect(raw.onDisk).toBe(true);
      expect(await readHeaderSection(raw)).toEqual(Buffer.from('X-Phishgate-Verdict: safe\r\nSubject: hi\r\n'));
      const out = await outgoingMessage(raw, edits);
      expect(await collect(out.open())).toEqual(Buffer.concat([expected, Buffer.alloc(200_000, 0xe9)]));
    } finally {
      await raw.dispose();
    }
  });

  it('passes the bytes through unchanged without edits (own signed mail), and when an edit changes nothing', async () => {
    const out = await outgoingMessage(rawMessageFromBuffer(message), null);
    expect(await collect(out.open())).toEqual(message);
    const clean = message.subarray('X-Phishgate-Verdict: safe\r\n'.length);
    const same = await outgoingMessage(rawMessageFromBuffer(clean), { addHeaders: [], newSubject: null });
    expect(same.size).toBe(clean.length);
    expect(await collect(same.open())).toEqual(clean);
  });

  it('strips forged phishgate headers even when nothing is added (the pass action)', async () => {
    const out = await outgoingMessage(rawMessageFromBuffer(message), { addHeaders: [], newSubject: null });
    expect(await collect(out.open())).toEqual(message.subarray('X-Phishgate-Verdict: safe\r\n'.length));
  });
});
