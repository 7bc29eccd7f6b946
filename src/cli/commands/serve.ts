import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, type CommandHandler } from '../io.js';

/**
 * Runs until SIGTERM/SIGINT: the first signal stops accepting and finishes in-flight work, then exits 0;
 * a second signal exits at once (docs/operations.md).
 */
const serveCommand: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
  const [{ loadConfig }, { createLogger }, { startServer }] = await Promise.all([import('../../config/loader.js'), import('../../logger.js'), import('../../main.js')]);
  const config = loadConfig({ env: io.env });
  const logger = createLogger(config.log.level);
  const server = await startServer(config, logger);
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
  ],
  examples: ['PHISHGATE_CONFIG=data/phishgate.yaml phishgate serve', 'phishgate serve --config /etc/phishgate.yaml'],
  run: serveCommand,
};
