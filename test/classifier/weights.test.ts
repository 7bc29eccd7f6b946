import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loader.js';
import { DETECTORS } from '../../src/engine/registry.js';
import { DETECTION_DOC_PATH, WEIGHTS_PATH, formatWeight, readBlock, rulesTableWeights, weightsTable, type WeightsFile } from '../../scripts/lib/weights-file.js';

/**
 * The fitted weights file, the configuration and the docs must say the same thing (docs/detection.md,
 * "How the weights are fitted"). When this fails after adding a rule or changing a weight: run
 * `npm run calibrate`, which rewrites all three.
 */
const file = JSON.parse(readFileSync(WEIGHTS_PATH, 'utf8')) as WeightsFile;
const engine = loadConfig({ env: {} }).engine;
const doc = readFileSync(DETECTION_DOC_PATH, 'utf8');

describe('fitted weights, config and docs agree', () => {
  it('every rule of the engine has a fitted or prior weight in models/weights.json (run `npm run calibrate` after adding one)', () => {
    const missing = DETECTORS.map((d) => d.id).filter((id) => !file.rules[id]);
    expect(missing).toEqual([]);
  });

  it('config/default.yaml has exactly the weights, bias and scale of models/weights.json', () => {
    expect(engine.bias).toBe(file.bias);
    expect(engine.scale).toBe(file.scale);
    expect(engine.thresholds).toEqual(file.thresholds);
    for (const [id, rule] of Object.entries(file.rules)) expect(engine.weights[id], id).toBe(rule.weight);
  });

  it('docs/detection.md shows the generated weights table, the leave-one-source-out figures and the same weights in the rules table', () => {
    expect(readBlock(doc, 'weights')).toBe(weightsTable(file));
    expect(readBlock(doc, 'loso')).toBe(file.provenance.losoMarkdown.trim());
    const cells = rulesTableWeights(doc);
    for (const [id, rule] of Object.entries(file.rules)) if (cells.has(id)) expect(cells.get(id), id).toBe(formatWeight(rule.weight));
  });

  it('keeps every fitted rule on the side its prior was designed for', () => {
    for (const [id, rule] of Object.entries(file.rules)) {
      if (rule.prior > 0) expect(rule.weight, id).toBeGreaterThan(0);
      if (rule.prior < 0) expect(rule.weight, id).toBeLessThan(0);
    }
  });

  it('records its provenance', () => {
    expect(file.provenance.command).toMatch(/^npm run calibrate/);
    expect(file.provenance.corpora.join(' ')).toMatch(/dev.*train-extra/);
    expect(file.provenance.messages.phishing + file.provenance.messages.ham).toBe(file.provenance.sources.reduce((n, s) => n + s.n, 0));
    expect(file.provenance.perSource.length).toBeGreaterThan(3);
  });
});
