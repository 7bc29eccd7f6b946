import pino, { type Logger } from 'pino';

/**
 * pino JSON lines. Redaction is a second line of defence: code never logs keys, secrets or bodies,
 * but a header or config object passed by mistake is masked here.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'phishgate' },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'authorization', '*.secret', 'secret', '*.api_key', 'apiKey', '*.key', 'key', 'raw', 'body', '*.body', 'body_text', 'body_html', 'raw_email', 'err.rawPacket', '*.rawPacket', 'rawPacket'],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
