import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_DOC, CONFIGURATION_DOC, EVIDENCE_KINDS_DOC, renderCliReference, renderConfigurationReference, renderEvidenceKinds } from '../../scripts/gen-docs.js';
import { DETECTORS } from '../../src/engine/registry.js';
import { loadConfig } from '../../src/config/loader.js';
import { COMMANDS } from '../../src/cli/run.js';

/** The reference pages are generated; a change to the schema, the defaults or a command must come with them. */
describe('generated reference pages', () => {
  it('docs/configuration.md is current (run "npm run docs")', () => {
    expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(renderConfigurationReference());
  });

  it('docs/cli.md is current (run "npm run docs")', () => {
    expect(readFileSync(CLI_DOC, 'utf8')).toBe(renderCliReference());
  });

  it('docs/evidence-kinds.md is current and names every rule (run "npm run docs")', () => {
    const page = readFileSync(EVIDENCE_KINDS_DOC, 'utf8');
    expect(page).toBe(renderEvidenceKinds());
    for (const rule of DETECTORS) expect(page, rule.id).toContain(`| \`${rule.id}\` |`);
  });

  it('every setting of the defaults and every command appear', () => {
    const config = loadConfig({ env: {} }) as unknown as Record<string, Record<string, unknown>>;
    const page = renderConfigurationReference();
    for (const [section, values] of Object.entries(config)) {
      expect(page, section).toContain(`## ${section}`);
      for (const key of Object.keys(values)) expect(page, `${section}.${key}`).toContain(`\`${section}.${key}\``);
    }
    const cli = renderCliReference();
    for (const spec of COMMANDS) for (const option of Object.keys(spec.options)) expect(cli, `${spec.name} --${option}`).toContain(`--${option}`);
  });
});
