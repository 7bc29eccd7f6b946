import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/loader.js';

const tempFile = (name: string, text: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), 'pg-config-')), name);
  writeFileSync(path, text);
  return path;
};

describe('loadConfig', () => {
  it('loads the commented defaults with the documented values', () => {
    const config = loadConfig({ env: {} });
    expect(config.http).toMatchObject({ host: '127.0.0.1', port: 8080, body_limit_bytes: 10 * 1024 * 1024 });
    expect(config.database.url).toBe('./data/phishgate.db');
    expect(config.rate_limit).toMatchObject({ per_second: 10, burst: 30 });
    expect(config.engine.thresholds).toEqual({ phishing: 0.8, suspicious: 0.5 });
    expect(config.gateway.actions).toEqual({ safe: 'tag', suspicious: 'tag', phishing: 'quarantine' });
    expect(config.smtp).toMatchObject({ port: 10025, relay: '127.0.0.1:10026' });
    expect(config.milter.port).toBe(8891);
  });

  it('merges PHISHGATE_CONFIG (YAML or JSON) over the defaults and the environment over both', () => {
    const file = tempFile('extra.json', JSON.stringify({ http: { port: 9000 }, gateway: { domains: { 'acme.test': 'tn_1' } } }));
    const config = loadConfig({ env: { PHISHGATE_CONFIG: file, PHISHGATE_HTTP_HOST: '0.0.0.0', PHISHGATE_DB: '/tmp/x.db' } });
    expect(config.http.port).toBe(9000);
    expect(config.http.host).toBe('0.0.0.0');
    expect(config.database.url).toBe('/tmp/x.db');
    expect(config.gateway.domains).toEqual({ 'acme.test': 'tn_1' });
    expect(config.gateway.actions.phishing).toBe('quarantine');
  });

  it('names the offending field of an invalid file', () => {
    const file = tempFile('bad.yaml', 'http:\n  port: eighty\n');
    expect(() => loadConfig({ env: { PHISHGATE_CONFIG: file } })).toThrow(/http\.port/);
    const typo = tempFile('typo.yaml', 'smtp:\n  relais: 127.0.0.1:25\n');
    expect(() => loadConfig({ env: { PHISHGATE_CONFIG: typo } })).toThrow(/smtp\.relais.*unknown key/);
  });

  it('rejects bad environment values and unreadable files with a ConfigError', () => {
    expect(() => loadConfig({ env: { PHISHGATE_HTTP_PORT: '99999' } })).toThrow(ConfigError);
    expect(() => loadConfig({ env: { PHISHGATE_CONFIG: '/nonexistent/phishgate.yaml' } })).toThrow(/cannot read config file/);
    expect(() => loadConfig({ env: { PHISHGATE_CONFIG: tempFile('list.yaml', '- 1\n- 2\n') } })).toThrow(/mapping/);
  });

  it('refuses a suspicious threshold above the phishing threshold', () => {
    expect(() => loadConfig({ env: {}, overrides: { engine: { thresholds: { suspicious: 0.9, phishing: 0.8 } } } })).toThrow(/thresholds/);
  });
});

describe('config/default.yaml', () => {
  it('has a comment above every key, so the file documents itself', async () => {
    const { readFileSync } = await import('node:fs');
    const { DEFAULT_CONFIG_PATH } = await import('../../src/config/loader.js');
    const lines = readFileSync(DEFAULT_CONFIG_PATH, 'utf8').split('\n');
    const uncommented = lines
      .map((line, i) => ({ line, i }))
      .filter(({ line, i }) => /^\s*[A-Za-z_][A-Za-z0-9_]*:/.test(line) && !lines[i - 1]?.trim().startsWith('#'))
      .map(({ line, i }) => `${i + 1}: ${line.trim()}`);
    expect(uncommented).toEqual([]);
  });
});
