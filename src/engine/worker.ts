/**
 * Worker-thread side of the engine pool (worker-pool.ts): builds one engine from the configuration it
 * is given and answers parse and analysis requests, one at a time (the pool sends the next one when
 * this one is answered, so a deadline kills only the message that caused it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config/schema.js';
import type { Secrets } from '../config/loader.js';
import type { NormalizedMessage } from '../core/message.js';
import { isAppError } from '../core/errors.js';
import { parseRawMessage } from '../mail/parse-raw.js';
import { createEngineFromConfig } from './create.js';
import { parseLimitsOf } from './limits.js';
import type { AnalysisContext } from './types.js';

export type WorkerRequestBody =
  | { kind: 'message'; message: NormalizedMessage; ctx: AnalysisContext }
  | { kind: 'parse'; raw: Uint8Array }
  | { kind: 'raw'; raw: Uint8Array; ctx: AnalysisContext; keepMessage: boolean };

export type WorkerRequest = WorkerRequestBody & { id: number };

interface InitData {
  config: Pick<Config, 'engine' | 'llm'>;
  secrets: Secrets;
}

const port = parentPort;
if (port) {
  const init = workerData as InitData;
  const engine = createEngineFromConfig(init.config, {
    secrets: init.secrets,
    onDetectorError: (id, error) => port.postMessage({ kind: 'detector_error', id, error: String(error) }),
  });
  const limits = parseLimitsOf(init.config.engine);
  port.on('message', (request: WorkerRequest) => {
    void (async () => {
      try {
        if (request.kind === 'message') {
          port.postMessage({ id: request.id, ok: true, result: await engine.analyze(request.message, request.ctx) });
          return;
        }
        if (request.kind === 'parse') {
          const message = await parseRawMessage(Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength), limits);
          port.postMessage({ id: request.id, ok: true, message });
          return;
        }
        const started = performance.now();
        const message = await parseRawMessage(Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength), limits);
        const parsed = performance.now();
        const result = await engine.analyze(message, request.ctx);
        port.postMessage({ id: request.id, ok: true, result, ms: performance.now() - started, parseMs: parsed - started, ...(request.keepMessage ? { message } : {}) });
      } catch (error) {
        port.postMessage({ id: request.id, ok: false, error: { message: (error as Error).message, code: isAppError(error) ? error.code : null } });
      }
    })();
  });
  port.postMessage({ kind: 'ready' });
}
