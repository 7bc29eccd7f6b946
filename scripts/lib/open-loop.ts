/**
 * An open-loop load generator: requests leave on a fixed schedule (`rate` per second) whatever the server's
 * answers, over at most `connections` keep-alive sockets, and each latency is measured from the moment the
 * request was due, not from when a socket became free. A closed loop (autocannon's model: N connections,
 * each sending its next request when the last one answers) can only say how long a request waits behind
 * the other N-1; this says what a client arriving at a steady rate sees, queueing included
 * (docs/performance.md, "Latency at a given rate").
 */
import { Agent, request } from 'node:http';

export interface OpenLoopOptions {
  url: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Requests per second offered. */
  rate: number;
  durationSeconds: number;
  /** Sockets at most; a request due while all are busy waits in the agent's queue (and that wait counts). */
  connections: number;
}

export interface OpenLoopResult {
  offered: number;
  completed: number;
  /** Completed requests per second over the run. */
  throughput: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const target = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.durationSeconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];

  const send = (due: number): Promise<void> =>
    new Promise((resolve) => {
      const req = request(
        { host: target.hostname, port: target.port, path: options.path, method: options.method, headers: options.headers, agent },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode > 299) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(options.body);
    });

  // A 1 ms tick sends every request whose due time has passed, so a late timer never lowers the rate.
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const now = performance.now();
      while (sent < total && started + (sent * 1000) / options.rate <= now) {
        pending.push(send(started + (sent * 1000) / options.rate));
        sent++;
      }
      if (sent >= total) {
        clearInterval(tick);
        done();
      }
    }, 1);
  });
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return {
    offered: total,
    completed: latencies.length,
    throughput: Math.round(latencies.length / seconds),
    non2xx,
    errors,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0),
  };
}
