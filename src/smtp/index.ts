import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import { createRelayPool, parseHostPort, type Relay } from './relay-pool.js';

export { startSmtpServer, type SmtpServer, type SmtpServerOptions } from './server.js';
export type { Relay } from './relay-pool.js';

/** The pooled client to `smtp.relay` (Postfix's re-injection listener). */
export function createSmtpRelay(smtp: Config['smtp'], logger: Logger): Relay {
  const { host, port } = parseHostPort(smtp.relay);
  return createRelayPool({
    host,
    port,
    ...(smtp.hostname && { name: smtp.hostname }),
    timeoutMs: smtp.relay_timeout_ms,
    poolSize: smtp.relay_pool_size,
    logger,
  });
}
