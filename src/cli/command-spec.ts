import type { CommandHandler, OptionSpecs } from './io.js';

/** A command as the help shows it and the dispatcher runs it (docs/cli.md is generated from these). */
export interface CommandSpec {
  /** `scan`, `tenant create`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Positional arguments in the usage line, e.g. `PATH…`, `ID`. */
  args?: string;
  options: OptionSpecs;
  /** Paragraphs after the option list: what is printed, exit codes, caveats. */
  details?: string[];
  examples?: string[];
  run: CommandHandler;
}

/** Options every command accepts (handled by the dispatcher before the command runs). */
export const GLOBAL_OPTIONS: OptionSpecs = {
  config: { type: 'string', value: 'FILE', description: 'extra YAML/JSON configuration merged over config/default.yaml (same as PHISHGATE_CONFIG)' },
  help: { type: 'boolean', description: 'show this help' },
};

function optionLabel(name: string, spec: OptionSpecs[string]): string {
  return spec.type === 'boolean' ? `--${name}` : `--${name} ${spec.value ?? 'VALUE'}`;
}

export function usageLine(spec: CommandSpec): string {
  const parts = [`phishgate ${spec.name}`];
  if (spec.args) parts.push(spec.args);
  for (const [name, option] of Object.entries(spec.options)) {
    const label = optionLabel(name, option) + (option.multiple ? ' …' : '');
    parts.push(option.required ? label : `[${label}]`);
  }
  return parts.join(' ');
}

function optionRows(options: OptionSpecs): string[] {
  const rows = Object.entries(options).map(([name, o]) => [optionLabel(name, o), o.description + (o.multiple ? ' (repeatable)' : '')] as const);
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`);
}

/** `phishgate help scan` and `phishgate scan --help`. */
export function commandHelp(spec: CommandSpec): string {
  const lines = [`usage: ${usageLine(spec)}`, '', spec.summary];
  if (Object.keys(spec.options).length) lines.push('', 'options:', ...optionRows(spec.options));
  lines.push('', 'global options:', ...optionRows(GLOBAL_OPTIONS));
  for (const paragraph of spec.details ?? []) lines.push('', paragraph);
  if (spec.examples?.length) lines.push('', 'examples:', ...spec.examples.map((e) => `  ${e}`));
  return `${lines.join('\n')}\n`;
}

/** `phishgate --help`: every command with its summary. */
export function overviewHelp(specs: readonly CommandSpec[]): string {
  const width = Math.max(...specs.map((s) => s.name.length));
  return [
    'usage: phishgate <command> [options]',
    '',
    'commands:',
    ...specs.map((s) => `  ${s.name.padEnd(width)}  ${s.summary}`),
    '',
    'Run "phishgate help <command>" or "phishgate <command> --help" for a command\'s options.',
    'Global options: --config FILE (extra configuration), --version, --help.',
    'Configuration: config/default.yaml, PHISHGATE_CONFIG and PHISHGATE_* variables (docs/configuration.md).',
    'Exit codes: 0 success, 1 runtime failure, 2 bad usage.',
    '',
  ].join('\n');
}
