import { existsSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { SpoolWriter } from '../../src/mail/spool.js';

describe('SpoolWriter', () => {
  it('keeps small messages in memory, byte for byte', async () => {
    const spool = new SpoolWriter({ thresholdBytes: 1024 });
    await spool.write(Buffer.from('Subject: hi\r\n\r\n'));
    await spool.write(Buffer.from('body\r\n'));
    const raw = await spool.finish();
    expect(raw.onDisk).toBe(false);
    expect(raw.size).toBe(21);
    expect((await raw.toBuffer()).toString()).toBe('Subject: hi\r\n\r\nbody\r\n');
    expect(await text(raw.stream())).toBe('Subject: hi\r\n\r\nbody\r\n');
  });

  it('spills past the threshold to a private file and removes it on dispose', async () => {
    const spool = new SpoolWriter({ thresholdBytes: 10 });
    const parts = ['0123456789', 'abcdefghij', Buffer.alloc(100_000, 0x78).toString()];
    for (const part of parts) await spool.write(Buffer.from(part));
    const raw = await spool.finish();
    expect(raw.onDisk).toBe(true);
    expect(raw.size).toBe(100_020);
    expect((await raw.toBuffer()).toString()).toBe(parts.join(''));
    expect(await text(raw.stream())).toBe(parts.join(''));
    const path = (raw.stream() as unknown as { path: string }).path;
    expect(existsSync(path)).toBe(true);
    await raw.dispose();
    await raw.dispose();
    expect(existsSync(path)).toBe(false);
  });

  it('abort drops a spilled file', async () => {
    const spool = new SpoolWriter({ thresholdBytes: 1 });
    await spool.write(Buffer.from('abc'));
    await spool.abort();
    await expect(spool.write(Buffer.from('x'))).rejects.toThrow(/finished/);
  });
});
