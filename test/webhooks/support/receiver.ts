/**
 * A real HTTP receiver on port 0 (no mocks): it verifies each request's signature the way our docs tell
 * customers to, records what arrived, and answers as the test tells it — success, any status, a redirect,
 * a stall, a huge or endless body, a reset connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature, type VerifyResult } from '../../../src/services/webhooks/signature.js';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked against the receiver's secret at the receiver's "now". */
  verified: VerifyResult;
  json: { id: string; type: string; created_at: string; livemode: boolean; data: { analysis: Record<string, unknown> } };
}

/** How to answer; `hold` keeps the response open until `releaseStalled()` or `close()`. */
export type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse, hold: (res: http.ServerResponse) => void) => void;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** How to answer from now on. */
  respond(behaviour: Behaviour): void;
  /** Resolves once `count` requests have arrived in total. */
  waitFor(count: number): Promise<Received[]>;
  /** Answers 200 to every request held by `stall()`. */
  releaseStalled(): void;
  close(): Promise<void>;
}

export const ok: Behaviour = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
export const status =
  (code: number, body = ''): Behaviour =>
  (_req, res) =>
    res.writeHead(code, { 'content-type': 'text/plain' }).end(body);
export const redirect =
  (location: string): Behaviour =>
  (_req, res) =>
    res.writeHead(302, { location }).end();
export const reset: Behaviour = (req) => req.socket.destroy();
/** Never answers until released (or the client gives up). */
export const stall: Behaviour = (_req, res, hold) => hold(res);

/** Writes `total` bytes (Infinity: forever) as fast as the client reads, stopping when it hangs up. */
export const streaming =
  (code: number, total: number): Behaviour =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    let closed = false;
    res.on('close', () => (closed = true));
    res.on('error', () => (closed = true));
    const pump = (): void => {
      while (!closed && sent < total) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  };

export async function startReceiver(options: { secret: string; now?: () => number; path?: string }): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<{ count: number; resolve: (r: Received[]) => void }> = [];
  let behaviour: Behaviour = ok;
  const held: http.ServerResponse[] = [];

  const server: http.Server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['x-service-signature'];
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body,
        verified: verifySignature(Array.isArray(header) ? header[0] : header, options.secret, body, (options.now ?? Date.now)()),
        json: JSON.parse(body || 'null'),
      });
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(received.slice());
        }
      }
      behaviour(req, res, (response) => void held.push(response));
    });
  });
  // Receivers that misbehave on purpose see resets; one listener per connection (not per keep-alive request).
  server.on('connection', (socket) => socket.on('error', () => {}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/hook'}`,
    port,
    received,
    respond: (next) => void (behaviour = next),
    waitFor: (count) =>
      received.length >= count ? Promise.resolve(received.slice()) : new Promise((resolve) => waiters.push({ count, resolve })),
    releaseStalled: () => {
      for (const res of held.splice(0)) if (!res.writableEnded && !res.destroyed) res.writeHead(200).end('released');
    },
    close: async () => {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that was free a moment ago and has nothing listening now: connections are refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
