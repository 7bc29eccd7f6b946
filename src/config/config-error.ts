/**
 * A configuration that cannot be used; the CLI prints its message as it is. A module of its own so that
 * the CLI's dispatcher can recognise it without loading the loader and its schema validator
 * (docs/performance.md, "Start-up").
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
