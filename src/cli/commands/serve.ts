import { ENVIRONMENT_OVERRIDES, loadConfig } from '../../config/loader.js';
import type { Config } from '../../config/schema.js';
import { createLogger } from '../../logger.js';
import { startServer } from '../../main.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, type CommandHandler } from '../io.js';

/** The listening settings of `serve`, as the configuration file names them. */
const LISTENERS = [
  { setting: 'http.port', what: 'the REST API', port: (c: Config) => (c.http.enabled ? c.http.port : null) },
  { setting: 'smtp.port', what: 'the SMTP content filter', port: (c: Config) => (c.smtp.enabled ? c.smtp.port : null) },
  { setting: 'milter.port', what: 'the milter', port: (c: Config) => (c.milter.enabled ? c.milter.port : null) },
  { setting: 'metrics.port', what: 'the metrics listener', port: (c: Config) => (c.metrics.enabled ? c.metrics.port : null) },
] as const;

/**
 * "Address already in use" names the setting to change and its environment variable (docs/configuration.md),
 * found by the port the refused listener asked for; other errors pass unchanged.
 */
export function explainListenError(error: unknown, config: Config): unknown {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e?.code !== 'EADDRINUSE' || typeof e.port !== 'number' || e.port === 0) return error;
  const matches = LISTENERS.filter((l) => l.port(config) === e.port);
  if (matches.length === 0) return error;
  const ways = matches.map((l) => {
    const variable = ENVIRONMENT_OVERRIDES.find((o) => o.path.join('.') === l.setting)?.variable;
    return `${l.what}: set ${l.setting} in the configuration file${variable ? ` or the environment variable ${variable}` : ''}`;
  });
  return new Error(
    `${e.address ?? 'the address'}:${e.port} is already in use (another phishgate, or another program, listens there). Choose another port for ${ways.join('; for ')} (0 picks a free port).`,
  );
}

/**
 * Runs until SIGTERM/SIGINT: the first signal stops accepting and finishes in-flight work, then exits 0;
 * a second signal exits at once (docs/operations.md).
 */
const serveCommand: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
  const config = loadConfig({ env: io.env });
  const logger = createLogger(config.log.level);
  const server = await startServer(config, logger).catch((error: unknown) => {
    throw explainListenError(error, config);
  });
  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'shutting down');
      server
        .close()
        .then(() => {
          logger.info('stopped');
          resolve(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          resolve(1);
        });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
};

export const serveSpec: CommandSpec = {
  name: 'serve',
  summary: 'start the enabled doors (REST API, SMTP content filter, milter) and the background jobs; what npm start runs',
  options: {},
  details: [
    'Logs JSON lines on stdout. The first line after start-up ("phishgate listening: …") names each door and its address, or "off"; a warning follows when a mail door is on but no tenant can receive mail (gateway.default_tenant).',
    'SIGTERM or SIGINT: stop accepting, finish in-flight sessions and analyses, exit 0; a second signal exits at once.',
    'A port already in use stops start-up (exit 1) with a message naming the setting to change (http.port, smtp.port, milter.port, metrics.port) and, for the doors, its environment variable (PHISHGATE_HTTP_PORT, PHISHGATE_SMTP_PORT, PHISHGATE_MILTER_PORT); 0 picks a free port.',
  ],
  examples: ['PHISHGATE_CONFIG=data/phishgate.yaml phishgate serve', 'phishgate serve --config /etc/phishgate.yaml'],
  run: serveCommand,
};
