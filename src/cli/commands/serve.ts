import { loadConfig } from '../../config/loader.js';
import { createLogger } from '../../logger.js';
import { startServer } from '../../main.js';
import { parseCommandArgs, type CommandHandler } from '../io.js';

/**
 * Runs until SIGTERM/SIGINT: the first signal stops accepting and finishes in-flight work, then exits 0;
 * a second signal exits at once (contract §7).
 */
export const serveCommand: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
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
