/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, malformed HTTP, a
 * request that took too long): answered in the API's JSON envelope like every other error, and logged
 * by code only. The parser's error carries `rawPacket`, the bytes received — the `Authorization` line
 * with the API key among them — so the error object itself is never logged (docs/security.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'node:net';

interface ParserError extends Error {
  code?: string;
}

const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers are larger than the server accepts'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request was not received in time'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP'];

export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: ParserError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = ANSWERS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ code: error.code, status }, 'http: request refused by the HTTP parser');
  const body = JSON.stringify({ success: false, error: { code: 'bad_request', message } });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
