import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { DEFAULT_PARSE_LIMITS, parseRawMessage } from '../../src/mail/parse-raw.js';

const mail = (lines: string[]): Buffer => Buffer.from(lines.join('\n'), 'latin1');
/** A short note with the given files attached in base64. */
const withAttachments = (files: Array<{ name: string; type: string; bytes: Buffer }>): Buffer =>
  mail([
    'From: a@example.com',
    'Content-Type: multipart/mixed; boundary="m"',
    '',
    '--m',
    'Content-Type: text/plain',
    '',
    'see attached',
    ...files.flatMap((f) => ['--m', `Content-Type: ${f.type}; name="${f.name}"`, `Content-Disposition: attachment; filename="${f.name}"`, 'Content-Transfer-Encoding: base64', '', f.bytes.toString('base64')]),
    '--m--',
  ]);

describe('parseRawMessage', () => {
  it('decodes addresses, encoded-word subjects and both bodies', async () => {
    const message = await parseRawMessage(mail([
      'From: =?UTF-8?Q?Cr=C3=A9dit_Agricole?= <NoReply@Credit-Agricole.FR>',
      'To: Jean <jean@example.fr>, marie@example.fr',
      'Reply-To: support@example.org',
      'Return-Path: <bounce@mailer.example.net>',
      'Subject: =?UTF-8?B?VsOpcmlmaWV6IHZvdHJlIGNvbXB0ZQ==?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="x"',
      '',
      '--x',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Caf=E9 cr=E8me',
      '--x',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hello <a href="https://example.com/">there</a></p>',
      '--x--',
      '',
    ]));
    expect(message.from).toEqual({ name: 'Crédit Agricole', address: 'NoReply@credit-agricole.fr' });
    expect(message.to.map((t) => t.address)).toEqual(['jean@example.fr', 'marie@example.fr']);
    expect(message.replyTo[0]?.address).toBe('support@example.org');
    expect(message.returnPath).toBe('bounce@mailer.example.net');
    expect(message.subject).toBe('Vérifiez votre compte');
    expect(message.text.trim()).toBe('Café crème');
    expect(message.html).toContain('<a href="https://example.com/">');
    expect(message.headers.find((h) => h.name === 'Reply-To')?.value).toBe('support@example.org');
  });

  it('rejects input that is not a message with bad_request', async () => {
    await expect(parseRawMessage(Buffer.alloc(0))).rejects.toMatchObject({ code: 'bad_request' });
    await expect(parseRawMessage(Buffer.from('just some words without any header'))).rejects.toBeInstanceOf(AppError);
    await expect(parseRawMessage(Buffer.from([0, 1, 2, 255, 254]))).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('peeks at attachments without keeping them: names inside ZIPs, encryption, macros, magic bytes', async () => {
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0]),
      Buffer.from('a.pdf.exe'),
    ]);
    const docm = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 19, 0, 0, 0, ...Buffer.from('word/vbaProject.bin')]);
    const message = await parseRawMessage(withAttachments([
      { name: 'x.zip', type: 'application/zip', bytes: zip },
      { name: 'y.docm', type: 'application/octet-stream', bytes: docm },
      { name: 'z.bin', type: 'application/octet-stream', bytes: Buffer.from('MZ\x90\x00this is a program', 'latin1') },
    ]));
    const [x, y, z] = message.attachments;
    expect(x).toMatchObject({ filename: 'x.zip', encrypted: true, innerNames: ['a.pdf.exe'] });
    expect(y).toMatchObject({ filename: 'y.docm', hasMacros: true });
    expect(z?.size).toBe(21);
    expect(Buffer.from(z!.head!).subarray(0, 2).toString('latin1')).toBe('MZ');
  });

  it('reads past the first 64 bytes of a small archive or PDF that arrives in one chunk', async () => {
    const entry = (name: string, body: string): Buffer => Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, body.length, 0, 0, 0, body.length, 0, 0, 0, name.length, 0, 0, 0]),
      Buffer.from(name),
      Buffer.from(body),
    ]);
    // The second entry starts at byte 79: the head used to stop at 64 bytes when the rest came in the same chunk.
    const zip = Buffer.concat([entry('readme.txt', 'x'.repeat(40)), entry('invoice.pdf.exe', 'MZ')]);
    const stream = deflateSync(Buffer.from('<< /Type /Annot /A << /S /URI /URI (https://lure.example/doc\\)x) >> >>'));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Annots [<< /A << /S /URI /URI (https://files.example/view) >> >>] >>\nendobj\n'),
      Buffer.from('2 0 obj\n<< /Length ' + stream.length + ' /Filter /FlateDecode >>\nstream\n'),
      stream,
      Buffer.from('\nendstream\nendobj\n3 0 obj\n<< /A << /S /JavaScript /URI (javascript:alert(1)) >> >>\nendobj\n%%EOF\n'),
    ]);
    const message = await parseRawMessage(withAttachments([
      { name: 'x.zip', type: 'application/zip', bytes: zip },
      { name: 'statement.pdf', type: 'application/pdf', bytes: pdf },
    ]));
    const [x, y] = message.attachments;
    expect(x?.innerNames).toEqual(['readme.txt', 'invoice.pdf.exe']);
    // Link annotations in the clear and inside a compressed stream; a javascript: action is no web link.
    expect(y?.links).toEqual(['https://files.example/view', 'https://lure.example/doc)x']);
  });

  it('keeps going on damaged MIME: missing closing boundary, unknown charset, broken base64 and QP', async () => {
    const message = await parseRawMessage(mail([
      'From: a@example.com',
      'Subject: broken',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=x-no-such-charset',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'soft=\nline =ZZ end=',
      '--b',
      'Content-Type: text/html',
      'Content-Transfer-Encoding: base64',
      '',
      'PGI+Ym9sZDwvYj4=!!!not base64***',
    ]));
    expect(message.text).toContain('softline');
    expect(message.html).toContain('<b>bold</b>');
  });

  it('caps the text and HTML bodies and says so in coverage', async () => {
    const message = await parseRawMessage(mail(['From: a@example.com', 'Content-Type: text/plain', '', 'x'.repeat(5000)]), { ...DEFAULT_PARSE_LIMITS, maxTextChars: 1000 });
    expect(message.text.length).toBe(1000);
    expect(message.coverage.join(' ')).toMatch(/text body truncated at 1000 characters/);
  });

  it('reads the sender as a mail program shows it when the From field starts with a bare phrase', async () => {
    const from = async (value: string) => (await parseRawMessage(mail([`From: ${value}`, 'Content-Type: text/plain', '', 'x']))).from;
    expect(await from('"Fressnapf Gutschein", service@lure.example')).toEqual({ name: 'Fressnapf Gutschein', address: 'service@lure.example' });
    expect(await from('Bitcoin, <a@lure.example>, Office, <b@lure.example>')).toEqual({ name: 'Bitcoin', address: 'a@lure.example' });
    expect(await from('"Smith, John" <john@example.com>')).toEqual({ name: 'Smith, John', address: 'john@example.com' });
    expect(await from('Jane <jane@example.com>')).toEqual({ name: 'Jane', address: 'jane@example.com' });
  });
});
