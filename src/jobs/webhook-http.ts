/**
 * One webhook POST with the limits docs/webhooks.md describes: a timeout covering the whole exchange,
 * redirects never followed (recorded as failures), at most `maxResponseBytes` of the body ever read, and
 * every network, DNS or TLS fault turned into a short description instead of an exception.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, TargetRefused, type ResolvedAddress, type TargetPolicy } from '../services/webhooks/target-policy.js';

export interface PostOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  agents: WebhookAgents;
  /** Which addresses may be reached (docs/webhooks.md "Targets"). */
  targets: TargetPolicy;
}

/** Connects to the address that was checked, whatever the name resolves to by now (DNS rebinding). */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

export interface PostResult {
  succeeded: boolean;
  /** HTTP status, or null when no response arrived. */
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/**
 * Keep-alive pools: thousands of deliveries to one receiver reuse a few connections. Idle sockets are
 * dropped after a short while so a receiver's own idle timeout rarely races us.
 */
export function createWebhookAgents(): WebhookAgents {
  const options = { keepAlive: true, timeout: 4000, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)|^EPROTO$/;
const MAX_ERROR_LENGTH = 300;

/** A few words a tenant can act on; never the request body or headers. */
export function describeNetworkError(error: NodeJS.ErrnoException, host: string): string {
  const code = error.code ?? '';
  let text: string;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME') text = `DNS lookup failed for ${host} (${code})`;
  else if (code === 'ECONNREFUSED') text = `connection refused by ${host} (ECONNREFUSED)`;
  else if (code === 'ECONNRESET' || code === 'EPIPE') text = `connection reset by ${host} (${code})`;
  else if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') text = `${host} unreachable (${code})`;
  else if (TLS_CODES.test(code) || /SSL|TLS|certificate/i.test(error.message)) text = `TLS error: ${tlsReason(error.message)}${code ? ` (${code})` : ''}`;
  else text = `${code || error.name}: ${error.message}`;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** OpenSSL's "…:SSL routines:ssl3_get_record:wrong version number:file:line:" → "wrong version number". */
function tlsReason(message: string): string {
  const openssl = /SSL routines:[^:]*:([^:]+)/.exec(message);
  return (openssl ? openssl[1]! : message).replace(/\s+/g, ' ').trim();
}

class AttemptTimeout extends Error {}

function postOnce(url: URL, target: ResolvedAddress, body: string, headers: Record<string, string>, options: PostOptions, deadline: number): Promise<PostResult & { retryable: boolean }> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (result: Omit<PostResult, 'responseExcerpt'>, retryable = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const excerpt = chunks.length ? Buffer.concat(chunks).subarray(0, options.maxResponseBytes).toString('utf8') : null;
      resolve({ ...result, responseExcerpt: excerpt, retryable });
    };
    const fromStatus = (): Omit<PostResult, 'responseExcerpt'> => {
      const code = statusCode ?? 0;
      if (code >= 200 && code < 300) return { succeeded: true, statusCode, error: null };
      if (code >= 300 && code < 400) {
        const location = String(response?.headers.location ?? '').slice(0, 200);
        return { succeeded: false, statusCode, error: `redirect not followed${location ? ` (Location: ${location})` : ''}` };
      }
      return { succeeded: false, statusCode, error: `receiver answered HTTP ${code}` };
    };

    let response: http.IncomingMessage | undefined;
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      agent: url.protocol === 'https:' ? options.agents.https : options.agents.http,
      lookup: pinnedLookup(target),
    });
    const timer = setTimeout(() => request.destroy(new AttemptTimeout()), Math.max(1, deadline - Date.now()));

    request.on('response', (res) => {
      response = res;
      statusCode = res.statusCode ?? null;
      // Bounded read: keep the first bytes, then stop reading and drop the connection.
      const stop = (): void => {
        finish(fromStatus());
        res.destroy();
        request.destroy();
      };
      if (options.maxResponseBytes === 0) return stop();
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= options.maxResponseBytes) stop();
      });
      res.on('end', () => finish(fromStatus()));
      // A response cut short after its status line still carries the receiver's answer.
      res.on('error', () => finish(fromStatus()));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof AttemptTimeout) {
        // The status decides when it arrived (a 2xx whose body never ends was still accepted).
        if (statusCode !== null) return finish(fromStatus());
        return finish({ succeeded: false, statusCode: null, error: `timed out after ${options.timeoutMs} ms without a response` });
      }
      if (statusCode !== null) return finish(fromStatus());
      // A kept-alive socket the receiver closed just as we reused it: safe to retry once on a new one.
      const retryable = request.reusedSocket && error.code === 'ECONNRESET';
      finish({ succeeded: false, statusCode: null, error: describeNetworkError(error, url.host) }, retryable);
    });
    request.end(body);
  });
}

export async function postWebhook(urlText: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const url = new URL(urlText);
  const deadline = Date.now() + options.timeoutMs;
  let target: ResolvedAddress;
  try {
    target = await resolveTarget(url, options.targets);
  } catch (error) {
    // Nothing was sent: a refused target gets no request, so there is no answer to report either.
    if (error instanceof TargetRefused) return { succeeded: false, statusCode: null, error: error.message, responseExcerpt: null };
    return { succeeded: false, statusCode: null, error: describeNetworkError(error as NodeJS.ErrnoException, url.host), responseExcerpt: null };
  }
  const first = await postOnce(url, target, body, headers, options, deadline);
  const result = first.retryable && Date.now() < deadline ? await postOnce(url, target, body, headers, options, deadline) : first;
  return { succeeded: result.succeeded, statusCode: result.statusCode, error: result.error, responseExcerpt: result.responseExcerpt };
}
