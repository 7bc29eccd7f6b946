import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, runPhishgate } from '../support/cli.js';

describe('phishgate tenant and key commands', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phishgate-cli-'));
    env = { PHISHGATE_DB: join(dir, 'data', 'phishgate.db') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates, lists and updates tenants as JSON on stdout', async () => {
    const created = await cli(['tenant', 'create', '--name', 'acme', '--plan', 'starter'], env);
    expect(created.code).toBe(0);
    const tenant = JSON.parse(created.stdout);
    expect(tenant).toEqual({ id: expect.stringMatching(/^tn_/), name: 'acme', plan_code: 'starter' });

    const updated = await cli(['tenant', 'update', tenant.id, '--plan', 'growth', '--hard-limit', 'true', '--quota-limit', '10', '--rate-limit', '5'], env);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: tenant.id, plan_code: 'growth', hard_limit: true, quota_limit: 10, rate_limit_per_second: 5, rate_limit_burst: 15 });
    const cleared = await cli(['tenant', 'update', tenant.id, '--quota-limit', 'none'], env);
    expect(JSON.parse(cleared.stdout).quota_limit).toBeNull();

    const listed = JSON.parse((await cli(['tenant', 'list'], env)).stdout);
    expect(listed).toHaveLength(1);
    expect(listed[0].plan_code).toBe('growth');
  });

  it('creates keys (full key once), lists them without secrets, revokes them', async () => {
    const tenant = JSON.parse((await cli(['tenant', 'create', '--name', 'acme', '--plan', 'discovery'], env)).stdout);
    const created = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id, '--scopes', 'read,write', '--mode', 'test', '--name', 'ci'], env)).stdout);
    expect(created).toMatchObject({ id: expect.stringMatching(/^key_/), scopes: ['read', 'write'], mode: 'test' });
    expect(created.key).toMatch(/^svc_test_[0-9A-Za-z]{32,}$/);
    const defaults = JSON.parse((await cli(['key', 'create', '--tenant', tenant.id], env)).stdout);
    expect(defaults).toMatchObject({ scopes: ['read', 'write', 'admin'], mode: 'live' });
    expect(defaults.key).toMatch(/^svc_live_/);

    const listed = await cli(['key', 'list', '--tenant', tenant.id], env);
    expect(JSON.parse(listed.stdout)).toHaveLength(2);
    expect(listed.stdout).not.toContain(created.key);
    const revoked = JSON.parse((await cli(['key', 'revoke', created.id], env)).stdout);
    expect(revoked.revoked_at).toEqual(expect.any(String));
  });

  it.each([
    [['tenant', 'create', '--plan', 'starter'], /--name is required/],
    [['tenant', 'create', '--name', 'a', '--plan', 'gold'], /--plan must be one of/],
    [['tenant', 'create', '--name', 'a', '--plan', 'starter', '--quota-limit', '-5'], /quota-limit/],
    [['tenant', 'create', '--name', 'a', '--plan', 'starter', '--colour', 'red'], /colour/],
    [['tenant', 'update'], /usage: phishgate tenant update/],
    [['tenant', 'update', 'tn_x', '--hard-limit', 'yes'], /--hard-limit must be true or false/],
    [['tenant', 'update', 'tn_x'], /nothing to update/],
    [['tenant', 'delete'], /tenant: expected one of create, list, update, got "delete"/],
    [['key', 'create'], /--tenant is required/],
    [['key', 'create', '--tenant', 't', '--scopes', 'read,root'], /--scopes/],
    [['key', 'create', '--tenant', 't', '--mode', 'prod'], /--mode must be live or test/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [[], /missing command/],
  ])('exits 2 with a one-line message for %j', async (argv, message) => {
    const result = await cli(argv, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('exits 2 naming --tenant when it names no tenant, 1 on runtime failures such as an unknown key', async () => {
    const result = await cli(['key', 'create', '--tenant', 'tn_missing'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^phishgate key create: --tenant: no tenant with id "tn_missing"/);
    const revoke = await cli(['key', 'revoke', 'key_missing'], env);
    expect(revoke.code).toBe(1);
    expect(revoke.stderr).toMatch(/^phishgate: .*key_missing/);
  });

  it('exits 1 naming the field when the configuration is invalid', async () => {
    const result = await cli(['tenant', 'list'], { ...env, PHISHGATE_HTTP_PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PHISHGATE_HTTP_PORT/);
  });

  it('works as a real process with the real exit codes', async () => {
    const ok = await runPhishgate(['tenant', 'create', '--name', 'proc', '--plan', 'scale'], env);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).plan_code).toBe('scale');
    const bad = await runPhishgate(['tenant', 'create', '--name', 'proc'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--plan is required');
  });
});
