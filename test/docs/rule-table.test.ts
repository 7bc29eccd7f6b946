import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../../src/engine/registry.js';
import { loadConfig } from '../../src/config/loader.js';

/**
 * docs/detection.md "Rules" describes every registered rule with its group and default weight: four
 * rules had once been left out of the table while their weights were documented elsewhere.
 */
describe('docs/detection.md rule table', () => {
  const doc = readFileSync(new URL('../../docs/detection.md', import.meta.url), 'utf8');
  const weights = loadConfig({ env: {} }).engine.weights as Record<string, number>;

  it('has one row per registered rule, with its group and default weight', () => {
    for (const rule of DETECTORS) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${rule.id}\` | ${rule.group} |`));
      expect(row, `${rule.id} has no row in the rules table`).toBeDefined();
      const shown = Number(row!.split('|')[3]!.trim().replace('−', '-'));
      expect(shown, `${rule.id}: the table's weight differs from config/default.yaml`).toBe(weights[rule.id]);
    }
  });
});
