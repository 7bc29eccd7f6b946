/**
 * Line breaks in the header section (docs/security.md "Header smuggling"). A bare CR or a bare LF
 * there is read as a line break by some parsers and as part of a value by others: a header hidden
 * behind one (`X-Mailer: Foo\rX-Phishgate-Verdict: safe`, a second `From:`) would survive our
 * stripping yet be seen by the next reader. Like Postfix's `smtpd_forbid_bare_newline`, the doors
 * refuse such mail by default, or normalise every bare CR and LF to CRLF before analysing it, so
 * what is analysed and what is relayed are the same bytes.
 */

export type BareLineBreak = 'bare CR' | 'bare LF';

/**
 * Length of the header section: up to the empty line (CRLF or LF right after a LF, or at the very
 * start), or the whole message when there is none.
 */
export function headerSectionLength(bytes: Buffer): number {
  if (bytes[0] === 0x0a || (bytes[0] === 0x0d && bytes[1] === 0x0a)) return 0;
  for (let lf = bytes.indexOf(0x0a); lf >= 0; lf = bytes.indexOf(0x0a, lf + 1)) {
    const next = bytes[lf + 1];
    if (next === 0x0a || (next === 0x0d && bytes[lf + 2] === 0x0a)) return lf + 1;
  }
  return bytes.length;
}

/** The first bare CR or bare LF in the header section (the empty line that ends it excluded), or null. */
export function bareLineBreakInHeader(bytes: Buffer): BareLineBreak | null {
  const end = headerSectionLength(bytes);
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    if (b === 0x0d && bytes[i + 1] !== 0x0a) return 'bare CR';
    if (b === 0x0a && (i === 0 || bytes[i - 1] !== 0x0d)) return 'bare LF';
  }
  return null;
}

/**
 * The header section with every bare CR, bare LF and CRLF written as CRLF (the empty line too); the
 * body is left as it was. Splitting at a bare CR can create a header field (`X-Phishgate-Verdict`),
 * which the doors' forged-header stripping then removes like any other.
 */
export function normaliseHeaderLineBreaks(bytes: Buffer): Buffer {
  const end = headerSectionLength(bytes);
  const head = bytes.subarray(0, end).toString('latin1').replace(/\r\n|\r|\n/g, '\r\n');
  let rest = bytes.subarray(end);
  // The empty line itself: a bare LF there becomes CRLF too.
  if (rest[0] === 0x0a) rest = Buffer.concat([Buffer.from('\r\n'), rest.subarray(1)]);
  return Buffer.concat([Buffer.from(head, 'latin1'), rest]);
}
