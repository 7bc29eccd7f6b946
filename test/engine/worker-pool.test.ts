import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEngine } from '../../src/engine/engine.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';
import { parseRawMessage } from '../../src/mail/parse-raw.js';

const config = loadConfig({ env: {} });
const pool = createEnginePool({ size: 2, config });
const ctx = { allowList: [], blockList: [], tenantDomains: [], now: 0 };
const raw = readFileSync(fileURLToPath(new URL('../fixtures/eml/phish-paypal-lookalike.eml', import.meta.url)));
afterAll(() => pool.close());

describe('engine worker pool', () => {
  it('gives the same result as the in-process engine, from raw bytes or from a parsed message', async () => {
    const message = await parseRawMessage(raw);
    const local = await createEngine({ config: config.engine }).analyze(message, ctx);
    const fromRaw = await pool.analyzeRaw(raw, ctx, { keepMessage: true });
    expect(fromRaw.result).toEqual(local);
    expect(fromRaw.message?.subject).toBe(message.subject);
    expect(await pool.analyze(message, ctx)).toEqual(local);
    expect(pool.size).toBe(2);
  });

  it('runs many analyses concurrently', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => pool.analyzeRaw(raw, ctx)));
    expect(new Set(results.map((r) => r.result.score)).size).toBe(1);
  });

  it('answers each of many waiting messages with its own result', async () => {
    const subjects = Array.from({ length: 24 }, (_, i) => `Invoice ${i} for March`);
    const mails = subjects.map((subject) => Buffer.from(`From: a@example.com\r\nTo: b@example.org\r\nSubject: ${subject}\r\n\r\nHello ${subject}\r\n`));
    const parsed = await Promise.all(mails.map((m) => pool.parse(m)));
    expect(parsed.map((m) => m.subject)).toEqual(subjects);
    const analysed = await Promise.all(mails.map((m) => pool.analyzeRaw(m, ctx, { keepMessage: true })));
    expect(analysed.map((a) => a.message?.subject)).toEqual(subjects);
    expect(pool.queued).toBe(0);
  });

  it('passes parse errors back as AppError bad_request', async () => {
    await expect(pool.analyzeRaw(Buffer.from('nothing here'), ctx)).rejects.toMatchObject({ name: 'AppError', code: 'bad_request' });
  });
});
