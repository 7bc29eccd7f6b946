import type { IncomingMessage } from 'node:http';

/** How much of a refused upload is read and thrown away before answering, at most. */
export interface DrainLimits {
  bytes: number;
  ms: number;
}

/**
 * Reads and discards what is left of a request body, up to a bound, and resolves with whether the
 * whole body was consumed. An answer sent while the client is still uploading, followed by closing
 * the socket with unread bytes, makes the kernel send a reset that can destroy the answer before the
 * client reads it (RFC 9112 §9.6): draining first lets clients see the 413. Beyond the bound the
 * caller answers anyway and closes the connection.
 */
export function drainRequest(raw: IncomingMessage, limits: DrainLimits): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (complete: boolean): void => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
      resolve(complete);
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > limits.bytes) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onError = (): void => finish(false);
    const onClose = (): void => finish(raw.complete);
    const timer = setTimeout(() => finish(false), limits.ms);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.on('close', onClose);
    raw.resume();
  });
}
