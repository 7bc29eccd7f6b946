import { parseArgs } from 'node:util';

/** Streams and environment a command runs with; tests pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Bad usage: the CLI prints the one-line message and exits 2 (docs/cli.md, "Exit codes"). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A command returns its exit code: 0 success, 1 runtime failure (2 comes from UsageError). */
export type CommandHandler = (argv: string[], io: CliIo) => Promise<number>;

/**
 * One option of a command. The description is mandatory: the per-command help is generated from these
 * definitions, so an option a command accepts is always in its help.
 */
export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** Placeholder of the value in the help, e.g. `ID`, `N`, `PATH`. */
  value?: string;
  description: string;
  /** Shown as required in the usage line (the command still checks it and names it when missing). */
  required?: boolean;
}
export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<O extends OptionSpec> = O['type'] extends 'boolean' ? boolean : O['multiple'] extends true ? string[] : string;
export type OptionValues<T extends OptionSpecs> = { [K in keyof T]?: ValueOf<T[K]> };

/**
 * node:util parseArgs in its tokenising mode, checked here so every error names the argument and how to
 * get help. Unlike strict mode, a value that starts with a dash (`--quota-limit -5`) is taken as the
 * option's value, so the option's own check can say what is wrong with it.
 */
export function parseCommandArgs<T extends OptionSpecs>(argv: string[], options: T, allowPositionals = false): { values: OptionValues<T>; positionals: string[] } {
  const config = Object.fromEntries(Object.entries(options).map(([name, o]) => [name, { type: o.type, multiple: o.multiple ?? false }]));
  let tokens;
  try {
    ({ tokens } = parseArgs({ args: argv, options: config, strict: false, allowPositionals: true, tokens: true }));
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments');
  }
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      if (!allowPositionals) throw new UsageError(`unexpected argument "${token.value}"`);
      positionals.push(token.value);
      continue;
    }
    const spec = options[token.name];
    if (!spec) throw new UsageError(`unknown option ${token.rawName}`);
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value, got "${token.value}"`);
      values[token.name] = true;
      continue;
    }
    // A following option is not a value: `--tenant --jobs 2` forgot the tenant id.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      throw new UsageError(`${token.rawName} needs a value${spec.value ? ` (${spec.value})` : ''}`);
    }
    if (spec.multiple) values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
    else if (values[token.name] !== undefined) throw new UsageError(`${token.rawName} given twice`);
    else values[token.name] = token.value;
  }
  return { values: values as OptionValues<T>, positionals };
}

/** Every command prints JSON on stdout: one document, indented (scan prints one line per message). */
export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Parses a positive integer flag or throws a usage error naming it. */
export function positiveIntFlag(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}
