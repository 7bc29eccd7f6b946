import pino from 'pino';
import { loadConfig } from '../../../src/config/loader.js';
import type { Config } from '../../../src/config/schema.js';
import type { Gateway } from '../../../src/core/gateway.js';
import { MilterClient, type MilterClientOptions } from '../../../src/milter/client.js';
import type { NegotiationWants } from '../../../src/milter/negotiate.js';
import { createMilterServer, type MilterServer } from '../../../src/milter/server.js';

type Overrides = { milter?: Partial<Config['milter']>; gateway?: Partial<Config['gateway']> };

/** Defaults from config/default.yaml with the door on a free loopback port. */
export function doorConfig(over: Overrides = {}): Pick<Config, 'milter' | 'gateway'> {
  const config = loadConfig({ env: {}, overrides: { milter: { port: 0, host: '127.0.0.1', ...over.milter }, gateway: { ...over.gateway } } });
  return { milter: config.milter, gateway: config.gateway };
}

export interface RunningDoor {
  server: MilterServer;
  port: number;
  client(options?: Partial<MilterClientOptions>): Promise<MilterClient>;
}

/** Starts a door on port 0; `stop` it in afterEach. */
export async function startDoor(gateway: Gateway, over: Overrides = {}, wants?: NegotiationWants): Promise<RunningDoor> {
  const server = createMilterServer({ config: doorConfig(over), gateway, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), ...(wants && { wants }) });
  const { port } = await server.listen();
  return {
    server,
    port,
    client: (options = {}) => MilterClient.connect({ host: '127.0.0.1', port, ...options }),
  };
}

export const CONNECT_INFO = { hostname: '[192.0.2.7]', address: '192.0.2.7', port: 40000, helo: 'client.example' } as const;

export const PLAIN_MESSAGE = {
  mailFrom: 'alice@sender.test',
  rcptTo: ['bob@rcpt.test'],
  headers: [
    ['From', 'alice@sender.test'],
    ['To', 'bob@rcpt.test'],
    ['Subject', 'hello'],
  ] as Array<[string, string]>,
  body: 'Hello Bob.\r\n',
  macros: { T: [['i', 'QID0001']] as Array<[string, string]> },
};

export function withSubject(subject: string, extraHeaders: Array<[string, string]> = []): typeof PLAIN_MESSAGE {
  return {
    ...PLAIN_MESSAGE,
    headers: [['From', 'alice@sender.test'], ['To', 'bob@rcpt.test'], ['Subject', subject], ...extraHeaders],
  };
}

/** Waits (polling) for a condition that settles asynchronously, e.g. the door's own cleanup after a close. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
