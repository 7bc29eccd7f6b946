import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request (docs/operations.md, "Logs"): written when the answer went out, with the request
 * (method, url, client) and the answer (status, time). Fastify's default writes a second line when the request
 * arrives; that line is kept at `debug` (a request that never completes can still be traced there), so at the
 * usual `info` it costs nothing: writing log lines was about a twelfth of the main thread's time on
 * `POST /v1/analyze` (docs/performance.md, "The REST API's own costs").
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
