import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Document, isMap, parseDocument } from 'yaml';
import { ConfigError, loadConfig } from '../../config/loader.js';
import { PLAN_CODES, SCOPES, type PlanCode, type Tenant } from '../../core/domain.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, UsageError, writeJson, type CommandHandler } from '../io.js';
import { withRuntime } from '../runtime.js';
import { auditKey } from './key.js';

/** Where `init` writes when neither --config nor PHISHGATE_CONFIG names a file: beside the default database, git-ignored. */
export const DEFAULT_INIT_CONFIG = 'data/phishgate.yaml';

const options = {
  'tenant-name': { type: 'string', value: 'NAME', description: 'name of the first tenant (default "default")' },
  plan: { type: 'string', value: 'PLAN', description: `plan of the first tenant: ${PLAN_CODES.join(', ')} (default enterprise: no monthly quota)` },
  domain: { type: 'string', multiple: true, value: 'DOMAIN', description: 'a recipient domain routed to this tenant (gateway.domains); without it the tenant receives all mail as gateway.default_tenant' },
  database: { type: 'string', value: 'URL', description: 'SQLite file or postgres:// URL to create and write into the config (default: the configured one, ./data/phishgate.db)' },
  'http-host': { type: 'string', value: 'HOST', description: 'REST API bind address (default 127.0.0.1)' },
  'http-port': { type: 'string', value: 'N', description: 'REST API port (default 8080)' },
  'smtp-port': { type: 'string', value: 'N', description: 'SMTP content filter port (default 10025)' },
  relay: { type: 'string', value: 'HOST:PORT', description: "content filter's next hop, Postfix's re-injection listener (default 127.0.0.1:10026)" },
  'milter-port': { type: 'string', value: 'N', description: 'milter port (default 8891)' },
  'no-smtp': { type: 'boolean', description: 'switch the SMTP content filter door off' },
  'no-milter': { type: 'boolean', description: 'switch the milter door off' },
  'new-key': { type: 'boolean', description: 'create another admin key even though init already made one (the old keys stay valid)' },
} as const;

function portFlag(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535) throw new UsageError(`--${flag} must be a port number 0-65535, got "${raw}"`);
  return Number(raw);
}

function domainFlag(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(domain)) throw new UsageError(`--domain must be a domain name such as example.com, got "${raw}"`);
  return domain;
}

function readDocument(path: string): Document {
  if (!existsSync(path)) {
    const doc = new Document({});
    doc.commentBefore = ' phishgate configuration written by "phishgate init"; merged over config/default.yaml.\n Every setting: docs/configuration.md. Re-running init keeps your edits.';
    return doc;
  }
  const doc = parseDocument(readFileSync(path, 'utf8'));
  if (doc.errors.length) throw new ConfigError(`config file ${path} is not valid YAML: ${doc.errors[0]!.message}`);
  if (doc.contents !== null && !isMap(doc.contents)) throw new ConfigError(`config file ${path} must contain a mapping at the top level`);
  return doc;
}

/**
 * `phishgate init`: the first run in one command, safe to repeat. Creates (and migrates) the database, a
 * first tenant and an admin key, and writes a configuration with gateway.default_tenant and the doors'
 * addresses, so that `serve` filters mail from its first start. A second run finds the tenant through
 * the file's gateway.default_tenant and changes nothing but the settings given (docs/getting-started.md).
 */
const initCommand: CommandHandler = async (argv, io) => {
  const { values } = parseCommandArgs(argv, options);
  const plan = (values.plan ?? 'enterprise') as PlanCode;
  if (!(PLAN_CODES as readonly string[]).includes(plan)) throw new UsageError(`--plan must be one of ${PLAN_CODES.join(', ')}, got "${values.plan}"`);
  const tenantName = (values['tenant-name'] ?? 'default').trim();
  if (!tenantName) throw new UsageError('--tenant-name must not be empty');
  const domains = (values.domain ?? []).map(domainFlag);
  const ports = { http: portFlag('http-port', values['http-port']), smtp: portFlag('smtp-port', values['smtp-port']), milter: portFlag('milter-port', values['milter-port']) };
  if (values.relay !== undefined && !/^[^\s:]+:[0-9]{1,5}$|^\[[0-9a-fA-F:.]+\]:[0-9]{1,5}$/.test(values.relay)) throw new UsageError(`--relay must be HOST:PORT, got "${values.relay}"`);

  const path = resolve(io.cwd, io.env.PHISHGATE_CONFIG ?? DEFAULT_INIT_CONFIG);
  const doc = readDocument(path);
  const env: NodeJS.ProcessEnv = { ...io.env, PHISHGATE_CONFIG: existsSync(path) ? path : undefined };
  if (values.database !== undefined) env.PHISHGATE_DB = values.database;
  const before = loadConfig({ env });

  const outcome = await withRuntime(io, async (rt) => {
    const previousId = before.gateway.default_tenant ?? (domains[0] ? before.gateway.domains[domains[0]] : undefined);
    let tenant: Tenant | undefined = previousId ? await rt.services.tenants.find(previousId) : undefined;
    const created = !tenant;
    tenant ??= await rt.services.tenants.create({ name: tenantName, planCode: plan, quotaLimit: null });
    const key = created || values['new-key'] ? await rt.services.keys.create({ tenantId: tenant.id, name: 'admin (phishgate init)', scopes: [...SCOPES], mode: 'live' }) : null;
    if (key) await auditKey(rt, 'key_create', key.apiKey);
    return { tenant, created, key, database: rt.store.location };
  }, env);

  const set = (keyPath: string[], value: unknown): void => {
    doc.setIn(keyPath, value);
  };
  if (values.database !== undefined) set(['database', 'url'], values.database);
  if (!domains.length || before.gateway.default_tenant === null || before.gateway.default_tenant === outcome.tenant.id) set(['gateway', 'default_tenant'], outcome.tenant.id);
  for (const domain of domains) set(['gateway', 'domains', domain], outcome.tenant.id);
  set(['http', 'host'], values['http-host'] ?? before.http.host);
  set(['http', 'port'], ports.http ?? before.http.port);
  set(['smtp', 'enabled'], values['no-smtp'] ? false : before.smtp.enabled);
  set(['smtp', 'host'], before.smtp.host);
  set(['smtp', 'port'], ports.smtp ?? before.smtp.port);
  set(['smtp', 'relay'], values.relay ?? before.smtp.relay);
  set(['milter', 'enabled'], values['no-milter'] ? false : before.milter.enabled);
  set(['milter', 'host'], before.milter.host);
  set(['milter', 'port'], ports.milter ?? before.milter.port);
  // The file must load as serve will load it, before it replaces a working one.
  const after = loadConfig({ env: { ...io.env, PHISHGATE_CONFIG: undefined }, overrides: doc.toJS() as Record<string, unknown> });
  const text = doc.toString();
  const changed = !existsSync(path) || readFileSync(path, 'utf8') !== text;
  if (changed) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }

  const configArg = io.env.PHISHGATE_CONFIG ?? DEFAULT_INIT_CONFIG;
  writeJson(io, {
    config: { path, written: changed },
    database: outcome.database,
    tenant: { id: outcome.tenant.id, name: outcome.tenant.name, plan_code: outcome.tenant.planCode, created: outcome.created },
    // The only time this key is shown; only its hash is stored.
    key: outcome.key ? { id: outcome.key.apiKey.id, key: outcome.key.secret, scopes: outcome.key.apiKey.scopes, mode: outcome.key.apiKey.mode } : null,
    doors: {
      http: after.http.enabled ? `${after.http.host}:${after.http.port}` : null,
      smtp: after.smtp.enabled ? `${after.smtp.host}:${after.smtp.port}` : null,
      relay: after.smtp.enabled ? after.smtp.relay : null,
      milter: after.milter.enabled ? `${after.milter.host}:${after.milter.port}` : null,
    },
    gateway: { default_tenant: after.gateway.default_tenant, domains: after.gateway.domains },
    next: `PHISHGATE_CONFIG=${configArg} npm start`,
  });
  if (!outcome.key) io.stderr.write('phishgate: tenant already set up; no new key printed (the first run printed it; --new-key makes another)\n');
  return 0;
};

export const initSpec: CommandSpec = {
  name: 'init',
  summary: 'first run: create the database, a first tenant and an admin key, and write a configuration (safe to repeat)',
  options,
  details: [
    `Writes the file named by --config or PHISHGATE_CONFIG (default ${DEFAULT_INIT_CONFIG}), keeping what is already in it: gateway.default_tenant (and gateway.domains for each --domain) and the doors' addresses.`,
    'Prints { "config", "database", "tenant", "key", "doors", "gateway", "next" }. "key" is the full admin key, shown this once (null on later runs unless --new-key).',
    'Start with: PHISHGATE_CONFIG=<that file> npm start (or phishgate serve --config <that file>).',
  ],
  examples: ['phishgate init', 'phishgate init --tenant-name "Example Ltd" --domain example.com --relay 127.0.0.1:10026'],
  run: initCommand,
};
