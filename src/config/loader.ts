import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import cron from 'node-cron';
import { ConfigError } from './config-error.js';
import { readDefaultSnapshot } from './default-snapshot.js';
import { ConfigSchema, type Config } from './schema.js';
import { parseNetworks } from '../core/networks.js';
import { digestConfigProblem, reportsConfigProblem } from './sections/recipients.js';
import { reputationConfigProblem } from './sections/reputation.js';

/** `config/default.yaml` sits two levels above this file both in `src/config` and in `dist/config`. */
export const DEFAULT_CONFIG_PATH = fileURLToPath(new URL('../../config/default.yaml', import.meta.url));

export { ConfigError };

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays and scalars from `over` replace those in `base`. */
export function deepMerge(base: Plain, over: Plain): Plain {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isPlain(current) && isPlain(value) ? deepMerge(current, value) : value;
  }
  return out;
}

/**
 * The YAML parser, loaded the first time a file has to be parsed: with the build's snapshot of the
 * defaults and no PHISHGATE_CONFIG, a command never loads it (docs/performance.md, "Start-up"). Synchronous
 * because loadConfig is; the package's Node entry is CommonJS, so require gives the same module as import.
 */
const parseYaml = (text: string): unknown => (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(text);

function readConfigFile(path: string, snapshot = false): Plain {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  const snapshotted = snapshot ? readDefaultSnapshot(text) : null;
  if (snapshotted) return snapshotted;
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new ConfigError(`config file ${path} is not valid YAML/JSON: ${(error as Error).message}`);
  }
  if (parsed === null || parsed === undefined) return {};
  if (!isPlain(parsed)) throw new ConfigError(`config file ${path} must contain a mapping at the top level`);
  return parsed;
}

function parsePort(name: string, raw: string): number {
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535) throw new ConfigError(`${name} must be a port number 0-65535, got "${raw}"`);
  return Number(raw);
}

/** A variable of the environment that overrides one setting (docs/configuration.md lists them all). */
export interface EnvironmentOverride {
  variable: string;
  path: string[];
  parse?: (name: string, raw: string) => unknown;
}

const commaList = (_name: string, raw: string): string[] => raw.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * `http.trust_proxy: true` once believed any peer's X-Forwarded-For, so a client could pick its own
 * address and get past every per-address limit (docs/security.md "Reverse proxy"). It is refused rather
 * than read as one hop: one hop is only safe when nothing but the proxy can reach phishgate, which the
 * configuration cannot know. Named addresses are checked here so a typo stops start-up by name.
 */
function trustProxyProblem(candidate: unknown): string | null {
  const http = isPlain(candidate) && isPlain(candidate.http) ? candidate.http : null;
  const value = http?.trust_proxy;
  if (value === true) {
    return 'http.trust_proxy: true is no longer accepted (it trusted X-Forwarded-For from anyone); set the number of proxies in front of phishgate (e.g. 1) or their addresses/CIDRs (e.g. [127.0.0.1]), or false';
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    try {
      parseNetworks(value as string[], 'http.trust_proxy');
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

/** Environment variables override the files (docs/configuration.md, "Environment variables"). */
export const ENVIRONMENT_OVERRIDES: readonly EnvironmentOverride[] = [
  { variable: 'PHISHGATE_DB', path: ['database', 'url'] },
  { variable: 'PHISHGATE_HTTP_HOST', path: ['http', 'host'] },
  { variable: 'PHISHGATE_HTTP_PORT', path: ['http', 'port'], parse: parsePort },
  { variable: 'PHISHGATE_SMTP_PORT', path: ['smtp', 'port'], parse: parsePort },
  { variable: 'PHISHGATE_RELAY', path: ['smtp', 'relay'] },
  { variable: 'PHISHGATE_MILTER_PORT', path: ['milter', 'port'], parse: parsePort },
  { variable: 'PHISHGATE_LLM_URL', path: ['llm', 'url'] },
  { variable: 'PHISHGATE_LLM_MODEL', path: ['llm', 'model'] },
  { variable: 'PHISHGATE_LOG_LEVEL', path: ['log', 'level'] },
  { variable: 'PHISHGATE_REDIS_URL', path: ['rate_limit', 'redis_url'] },
  { variable: 'PHISHGATE_WEBHOOKS_ALLOW_PRIVATE_TARGETS', path: ['webhooks', 'allow_private_targets'], parse: (_name: string, raw: string) => raw === 'true' || raw === '1' },
  { variable: 'PHISHGATE_DNS_SERVERS', path: ['auth', 'dns', 'servers'], parse: commaList },
];

function environmentOverrides(env: NodeJS.ProcessEnv): Plain {
  const over: Plain = {};
  const set = (path: string[], value: unknown): void => {
    let node = over;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Plain;
    node[path[path.length - 1]!] = value;
  };
  for (const { variable, path, parse } of ENVIRONMENT_OVERRIDES) {
    const raw = env[variable];
    if (raw) set(path, parse ? parse(variable, raw) : raw);
  }
  return over;
}

/** Names the first offending field, e.g. `http.port: Expected integer`. */
export function validateConfig(candidate: unknown): Config {
  const trustProxy = trustProxyProblem(candidate);
  if (trustProxy) throw new ConfigError(`invalid configuration: ${trustProxy}`);
  const first = Value.Errors(ConfigSchema, candidate).First();
  if (first) {
    const field = first.path.replace(/^\//, '').replace(/\//g, '.') || '(root)';
    const message = first.message === 'Unexpected property' ? 'unknown key (check its spelling and section)' : first.message;
    throw new ConfigError(`invalid configuration: ${field}: ${message}`);
  }
  const config = candidate as Config;
  if (config.engine.thresholds.suspicious > config.engine.thresholds.phishing) {
    throw new ConfigError('invalid configuration: engine.thresholds.suspicious must not exceed engine.thresholds.phishing');
  }
  for (const field of ['schedule', 'optimize_schedule'] as const) {
    if (!cron.validate(config.retention[field])) throw new ConfigError(`invalid configuration: retention.${field}: "${config.retention[field]}" is not a cron expression`);
  }
  const reputation = reputationConfigProblem(config.reputation);
  if (reputation) throw new ConfigError(`invalid configuration: ${reputation}`);
  const digests = digestConfigProblem(config.digests);
  if (digests) throw new ConfigError(`invalid configuration: ${digests}`);
  const reports = reportsConfigProblem(config.reports);
  if (reports) throw new ConfigError(`invalid configuration: ${reports}`);
  return config;
}

export interface LoadOptions {
  env?: NodeJS.ProcessEnv;
  /** Extra config merged over defaults and PHISHGATE_CONFIG, before the environment (tests use it). */
  overrides?: Plain;
  defaultsPath?: string;
}

export function loadConfig(options: LoadOptions = {}): Config {
  const env = options.env ?? process.env;
  // The shipped defaults may come from the build's snapshot (default-snapshot.ts); a defaultsPath never does.
  let merged = readConfigFile(options.defaultsPath ?? DEFAULT_CONFIG_PATH, options.defaultsPath === undefined);
  if (env.PHISHGATE_CONFIG) merged = deepMerge(merged, readConfigFile(env.PHISHGATE_CONFIG));
  if (options.overrides) merged = deepMerge(merged, options.overrides);
  merged = deepMerge(merged, environmentOverrides(env));
  return validateConfig(merged);
}

/** Secrets come from the environment only, never from config files (docs/api.md). */
export interface Secrets {
  llmApiKey: string | null;
  /**
   * Keys of the recipients' one-click links and of phishgate's own mail (docs/recipients.md): the
   * current one first (PHISHGATE_LINK_SECRET), then the previous ones still accepted while links signed
   * with them are in circulation (PHISHGATE_LINK_SECRETS_PREVIOUS, comma-separated).
   */
  linkSecrets?: string[];
}

export function loadSecrets(env: NodeJS.ProcessEnv = process.env): Secrets {
  const current = env.PHISHGATE_LINK_SECRET?.trim();
  const previous = (env.PHISHGATE_LINK_SECRETS_PREVIOUS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return { llmApiKey: env.PHISHGATE_LLM_API_KEY || null, linkSecrets: current ? [current, ...previous] : [] };
}
