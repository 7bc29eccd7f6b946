import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/mail/quoted-printable.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';
import { MAX_GROWTH, growthRatio } from './growth.js';

// libqp as mailparser loads it: the reference the linear decoder must agree with.
const libqp = createRequire(createRequire(import.meta.url).resolve('@zone-eu/mailsplit'))('libqp') as { decode: (input: Buffer) => Buffer };

describe('quoted-printable decoding', () => {
  it('decodes exactly as libqp does (fixed seed)', () => {
    const piece = fc.constantFrom(' ', '\t', '=', '\r', '\n', '\r\n', '=\r\n', '= \r\n', '\r \n', '=41', '=4', '=g1', 'A', 'é', 'x', '==');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const input = Buffer.from(pieces.join(''), 'latin1');
        expect(decodeQuotedPrintable(input).toString('hex')).toBe(libqp.decode(input).toString('hex'));
      }),
      { seed: 1307, numRuns: 3000 },
    );
  });

  it('a body of spaces that does not end a line costs linear time through the parser (libqp alone took 36 s for 100,000)', async () => {
    const raw = (n: number) => Buffer.from(`From: a@example.com\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${' '.repeat(n)}x\r\n`);
    const message = await parseRawMessage(raw(200_000));
    expect(message.text.trim()).toBe('x');
    expect(await growthRatio(raw, (r) => parseRawMessage(r), 50_000, { maxSize: 2_000_000 })).toBeLessThan(MAX_GROWTH);
  });
});
