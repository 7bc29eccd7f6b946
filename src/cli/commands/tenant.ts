import { PLAN_CODES, type PlanCode, type Tenant } from '../../core/domain.js';
import type { TenantChanges } from '../../services/tenants.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, UsageError, writeJson, type CommandHandler } from '../io.js';
import { withRuntime } from '../runtime.js';

export const tenantJson = (t: Tenant) => ({
  id: t.id,
  name: t.name,
  plan_code: t.planCode,
  hard_limit: t.hardLimit,
  quota_limit: t.quotaLimit,
  rate_limit_per_second: t.ratePerSecond,
  rate_limit_burst: t.rateBurst,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

function planFlag(raw: string): PlanCode {
  if (!(PLAN_CODES as readonly string[]).includes(raw)) throw new UsageError(`--plan must be one of ${PLAN_CODES.join(', ')}, got "${raw}"`);
  return raw as PlanCode;
}

function nonNegativeInt(flag: string, raw: string): number {
  if (!/^[0-9]{1,9}$/.test(raw)) throw new UsageError(`--${flag} must be a whole number ≥ 0, got "${raw}"`);
  return Number(raw);
}

function positiveNumber(flag: string, raw: string): number {
  const value = Number(raw);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(raw) || value <= 0 || value > 1e6) throw new UsageError(`--${flag} must be a number > 0, got "${raw}"`);
  return value;
}

const PLAN_HELP = `plan: ${PLAN_CODES.join(', ')}`;

const createOptions = {
  name: { type: 'string', value: 'NAME', required: true, description: 'display name of the tenant' },
  plan: { type: 'string', value: 'PLAN', required: true, description: `${PLAN_HELP} (enterprise has no monthly quota)` },
  'quota-limit': { type: 'string', value: 'N', description: 'monthly analyses included, overriding the plan (whole number ≥ 0)' },
} as const;

const create: CommandHandler = async (argv, io) => {
  const { values } = parseCommandArgs(argv, createOptions);
  if (!values.name?.trim()) throw new UsageError('--name is required');
  if (!values.plan) throw new UsageError(`--plan is required (${PLAN_CODES.join(', ')})`);
  const planCode = planFlag(values.plan);
  const quotaLimit = values['quota-limit'] === undefined ? null : nonNegativeInt('quota-limit', values['quota-limit']);
  const tenant = await withRuntime(io, (rt) => rt.services.tenants.create({ name: values.name!.trim(), planCode, quotaLimit }));
  writeJson(io, { id: tenant.id, name: tenant.name, plan_code: tenant.planCode });
  return 0;
};

const list: CommandHandler = async (argv, io) => {
  parseCommandArgs(argv, {});
  writeJson(io, (await withRuntime(io, (rt) => rt.services.tenants.list())).map(tenantJson));
  return 0;
};

const updateOptions = {
  plan: { type: 'string', value: 'PLAN', description: PLAN_HELP },
  'hard-limit': { type: 'string', value: 'true|false', description: 'true refuses analyses beyond the included quota instead of billing them' },
  'quota-limit': { type: 'string', value: 'N|none', description: 'monthly analyses included (none: the plan\'s own)' },
  'rate-limit': { type: 'string', value: 'N', description: 'requests per second per API key (burst becomes 3 × N unless --rate-burst is given)' },
  'rate-burst': { type: 'string', value: 'N', description: 'bucket capacity: requests a key may send at once' },
  name: { type: 'string', value: 'NAME', description: 'new display name' },
} as const;

const update: CommandHandler = async (argv, io) => {
  const { values, positionals } = parseCommandArgs(argv, updateOptions, true);
  if (positionals.length !== 1) throw new UsageError('usage: phishgate tenant update ID [--plan P] [--hard-limit true|false] [--quota-limit N|none] [--rate-limit N] [--rate-burst N]');
  const changes: TenantChanges = {};
  if (values.name !== undefined) changes.name = values.name;
  if (values.plan !== undefined) changes.planCode = planFlag(values.plan);
  if (values['hard-limit'] !== undefined) {
    if (!['true', 'false'].includes(values['hard-limit'])) throw new UsageError(`--hard-limit must be true or false, got "${values['hard-limit']}"`);
    changes.hardLimit = values['hard-limit'] === 'true';
  }
  if (values['quota-limit'] !== undefined) changes.quotaLimit = values['quota-limit'] === 'none' ? null : nonNegativeInt('quota-limit', values['quota-limit']);
  if (values['rate-limit'] !== undefined) {
    changes.ratePerSecond = positiveNumber('rate-limit', values['rate-limit']);
    // The default bucket pairs 10/s with a burst of 30 (docs/api.md): keep that ratio unless --rate-burst says otherwise.
    changes.rateBurst = Math.max(1, Math.ceil(changes.ratePerSecond * 3));
  }
  if (values['rate-burst'] !== undefined) changes.rateBurst = Math.max(1, nonNegativeInt('rate-burst', values['rate-burst']));
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to update: give at least one of --plan, --hard-limit, --quota-limit, --rate-limit, --rate-burst, --name');
  writeJson(io, tenantJson(await withRuntime(io, (rt) => rt.services.tenants.update(positionals[0]!, changes))));
  return 0;
};

export const tenantSpecs: CommandSpec[] = [
  {
    name: 'tenant create',
    summary: 'create a tenant (an organisation with its own keys, lists, analyses and quota)',
    options: createOptions,
    details: ['Prints { "id", "name", "plan_code" }.'],
    examples: ['phishgate tenant create --name "Example Ltd" --plan enterprise'],
    run: create,
  },
  { name: 'tenant list', summary: 'list the tenants', options: {}, details: ['Prints a JSON array of tenants with their plan and limits.'], run: list },
  {
    name: 'tenant update',
    summary: "change a tenant's plan and limits",
    args: 'ID',
    options: updateOptions,
    details: ['Prints the tenant as JSON.'],
    examples: ['phishgate tenant update tn_… --plan growth --hard-limit true'],
    run: update,
  },
];
