/**
 * The content-only view of a corpus message, in memory: the same transformation as the corpus tool
 * `content_view.py` (kept byte-identical; checked by test/classifier/content-view.test.ts when the
 * corpus is present). Keeps only the header fields a sender writes, sets one neutral recipient and
 * replaces the honeypot's trap address everywhere, so that no figure or model keys on receiving-side
 * headers, collection hosts or the trap address (docs/detection.md, "Measured figures").
 */
const KEEP = new Set(['from', 'to', 'cc', 'subject', 'date', 'reply-to', 'sender', 'mime-version', 'content-type', 'content-transfer-encoding', 'content-disposition', 'content-language']);
const NEUTRAL = Buffer.from('recipient@example.net', 'latin1');
const TRAP = /phishing@pot/gi;

export function contentView(raw: Buffer): Buffer {
  // latin1 maps bytes 1:1 to code units, so string work here is byte work.
  const text = raw.toString('latin1').replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split + 1);
  const body = split < 0 ? '' : text.slice(split + 2);
  const fields: string[][] = [];
  let current: string[] | null = null;
  for (const line of head.split('\n')) {
    if (!line) continue;
    if ((line[0] === ' ' || line[0] === '\t') && current !== null) {
      current.push(line);
    } else {
      current = [line];
      fields.push(current);
    }
  }
  const out: string[] = [];
  for (const field of fields) {
    const name = field[0]!.split(':', 1)[0]!.trim().toLowerCase();
    if (!KEEP.has(name) || name === 'cc') continue;
    out.push(name === 'to' ? `To: ${NEUTRAL.toString('latin1')}` : field.join('\n'));
  }
  if (!out.some((f) => f.toLowerCase().startsWith('to:'))) out.push(`To: ${NEUTRAL.toString('latin1')}`);
  return Buffer.from(`${out.join('\n')}\n\n${body}`.replace(TRAP, NEUTRAL.toString('latin1')), 'latin1');
}
