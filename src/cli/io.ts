import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Streams and environment a command runs with; tests pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Bad usage: the CLI prints the one-line message and exits 2 (contract §2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command returns its exit code: 0 success, 1 runtime failure (2 comes from UsageError). */
export type CommandHandler = (argv: string[], io: CliIo) => Promise<number>;

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs in strict mode, its errors turned into one-line usage errors. */
export function parseCommandArgs<T extends Options>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments');
  }
}

export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Parses a positive integer flag or throws a usage error naming it. */
export function positiveIntFlag(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}
