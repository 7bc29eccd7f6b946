import { KEY_MODES, SCOPES, type ApiKey, type KeyMode, type Scope } from '../../core/domain.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, UsageError, writeJson, type CommandHandler } from '../io.js';
import { tenantOrUsageError, withRuntime } from '../runtime.js';
import type { Runtime } from '../../main.js';

const keyJson = (k: ApiKey) => ({
  id: k.id,
  tenant_id: k.tenantId,
  name: k.name,
  mode: k.mode,
  scopes: k.scopes,
  prefix: k.prefix,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
  revoked_at: k.revokedAt,
});

function scopesFlag(raw: string | undefined): Scope[] {
  if (raw === undefined) return [...SCOPES];
  const scopes = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = scopes.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad !== undefined || scopes.length === 0) throw new UsageError(`--scopes must be a comma-separated subset of ${SCOPES.join(',')}, got "${raw}"`);
  return scopes as Scope[];
}

function modeFlag(raw: string | undefined): KeyMode {
  if (raw === undefined) return 'live';
  if (!(KEY_MODES as readonly string[]).includes(raw)) throw new UsageError(`--mode must be live or test, got "${raw}"`);
  return raw as KeyMode;
}

const createOptions = {
  tenant: { type: 'string', value: 'ID', required: true, description: 'tenant the key belongs to (phishgate tenant list)' },
  scopes: { type: 'string', value: 'LIST', description: `comma-separated subset of ${SCOPES.join(',')} (default: all three)` },
  mode: { type: 'string', value: 'live|test', description: 'test keys analyse fully but never count against quota (default: live)' },
  name: { type: 'string', value: 'NAME', description: 'a label to recognise the key by' },
} as const;

/**
 * What the audit log keeps of a key (never the secret), in the tenant and mode of the key: the actor is
 * "cli", the command line holds no key (docs/console.md, "Audit log").
 */
export const auditKey = (rt: Runtime, action: 'key_create' | 'key_revoke', key: ApiKey): Promise<void> =>
  rt.services.audit.recordCli(
    { tenantId: key.tenantId, livemode: key.mode === 'live' },
    { action, targetType: 'api_key', targetId: key.id, detail: { name: key.name, prefix: key.prefix, mode: key.mode, scopes: key.scopes.join(',') } },
  );

const create: CommandHandler = async (argv, io) => {
  const { values } = parseCommandArgs(argv, createOptions);
  if (!values.tenant) throw new UsageError('--tenant is required');
  const scopes = scopesFlag(values.scopes);
  const mode = modeFlag(values.mode);
  const { apiKey, secret } = await withRuntime(io, async (rt) => {
    await tenantOrUsageError(rt, values.tenant!);
    const created = await rt.services.keys.create({ tenantId: values.tenant!, name: values.name ?? `${mode} key`, scopes, mode });
    await auditKey(rt, 'key_create', created.apiKey);
    return created;
  });
  // The only time the full key is shown (docs/api.md, "Keys"); only its hash is stored.
  writeJson(io, { id: apiKey.id, key: secret, scopes: apiKey.scopes, mode: apiKey.mode, name: apiKey.name, tenant_id: apiKey.tenantId });
  return 0;
};

const listOptions = { tenant: { type: 'string', value: 'ID', required: true, description: 'tenant whose keys to list' } } as const;

const list: CommandHandler = async (argv, io) => {
  const { values } = parseCommandArgs(argv, listOptions);
  if (!values.tenant) throw new UsageError('--tenant is required');
  const keys = await withRuntime(io, async (rt) => {
    await tenantOrUsageError(rt, values.tenant!);
    return rt.services.keys.list(values.tenant!);
  });
  writeJson(io, keys.map(keyJson));
  return 0;
};

const revoke: CommandHandler = async (argv, io) => {
  const { positionals } = parseCommandArgs(argv, {}, true);
  if (positionals.length !== 1) throw new UsageError('usage: phishgate key revoke ID');
  const revoked = await withRuntime(io, async (rt) => {
    const key = await rt.services.keys.revoke(positionals[0]!);
    await auditKey(rt, 'key_revoke', key);
    return key;
  });
  writeJson(io, keyJson(revoked));
  return 0;
};

export const keySpecs: CommandSpec[] = [
  {
    name: 'key create',
    summary: 'create an API key; the full key is printed once, only its hash is stored',
    options: createOptions,
    details: [
      'Prints { "id", "key", "scopes", "mode", "name", "tenant_id" }. Keep "key": it cannot be shown again.',
      'Recorded in the audit log (console Audit log, GET /v1/audit) of the key\'s tenant and mode as key_create, with "cli" as the actor; never the key itself.',
    ],
    examples: ['phishgate key create --tenant tn_… --scopes read,write --name dashboard'],
    run: create,
  },
  { name: 'key list', summary: "list a tenant's keys (prefixes only, never the keys)", options: listOptions, run: list },
  { name: 'key revoke', summary: 'revoke a key at once', args: 'ID', options: {}, details: ['Prints the revoked key (without the secret).', 'Recorded in the audit log of the key\'s tenant and mode as key_revoke, with "cli" as the actor.'], run: revoke },
];
