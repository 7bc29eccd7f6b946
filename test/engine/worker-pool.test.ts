import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { createEngine } from '../../src/engine/engine.js';
import { createEnginePool } from '../../src/engine/worker-pool.js';
import { MODELS_PER_WORKER } from '../../src/engine/worker-protocol.js';
import { loadModel, type ClassifierModel } from '../../src/engine/classifier/model.js';
import { SHIPPED_MODEL_PATH } from '../../src/engine/classifier/shipped.js';
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

describe('tenant classifier models in the worker pool', () => {
  const one = createEnginePool({ size: 1, config });
  afterAll(() => one.close());
  const shipped = loadModel(SHIPPED_MODEL_PATH);
  /** Another model (a new object, as a reloaded model file is), leaning towards phishing by `shift`. */
  const variant = (shift: number): ClassifierModel => ({ ...shipped, bias: shipped.bias + shift });
  const local = createEngine({ config: config.engine });

  it('sends a model to a worker once and names it afterwards; the results are those of the model itself', async () => {
    const message = await parseRawMessage(raw);
    const [a, b] = [variant(0), variant(-6)];
    // The two models judge this message differently, so a wrong model in the worker would show.
    expect((await local.analyze(message, { ...ctx, classifier: b })).rules).not.toEqual((await local.analyze(message, { ...ctx, classifier: a })).rules);
    for (let i = 0; i < 3; i++) expect(await one.analyze(message, { ...ctx, classifier: a })).toEqual(await local.analyze(message, { ...ctx, classifier: a }));
    expect(one.modelsSent).toBe(1);
    expect(await one.analyze(message, { ...ctx, classifier: b })).toEqual(await local.analyze(message, { ...ctx, classifier: b }));
    expect((await one.analyzeRaw(raw, { ...ctx, classifier: a })).result).toEqual(await local.analyze(message, { ...ctx, classifier: a }));
    expect(one.modelsSent).toBe(2);
    expect(await one.analyze(message, ctx)).toEqual(await local.analyze(message, ctx));
  });

  it('keeps the last MODELS_PER_WORKER models; an older one is sent again', async () => {
    const message = await parseRawMessage(raw);
    const first = variant(1);
    await one.analyze(message, { ...ctx, classifier: first });
    const sent = one.modelsSent;
    for (let i = 0; i < MODELS_PER_WORKER; i++) await one.analyze(message, { ...ctx, classifier: variant(2 + i / 100) });
    expect(one.modelsSent).toBe(sent + MODELS_PER_WORKER);
    expect(await one.analyze(message, { ...ctx, classifier: first })).toEqual(await local.analyze(message, { ...ctx, classifier: first }));
    expect(one.modelsSent).toBe(sent + MODELS_PER_WORKER + 1);
  });

  it('a model that came with a message the worker could not parse is kept all the same', async () => {
    const model = variant(-1);
    await expect(one.analyzeRaw(Buffer.from('nothing here'), { ...ctx, classifier: model })).rejects.toMatchObject({ code: 'bad_request' });
    const sent = one.modelsSent;
    const message = await parseRawMessage(raw);
    expect(await one.analyze(message, { ...ctx, classifier: model })).toEqual(await local.analyze(message, { ...ctx, classifier: model }));
    expect(one.modelsSent).toBe(sent);
  });
});
