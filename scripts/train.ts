/**
 * npm run train -- <corpus-dir> [--out models/classifier.json] [--description TEXT]
 *
 * Trains the shipped classifier on a labelled corpus folder (labels.jsonl + files), deterministically,
 * prints the strongest features with an artefact check, and writes the model file.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/loader.js';
import { artefactReport } from '../src/engine/classifier/artefacts.js';
import { messageFeatures } from '../src/engine/classifier/corpus-features.js';
import { serializeModel } from '../src/engine/classifier/model.js';
import { SHIPPED_MODEL_PATH } from '../src/engine/classifier/shipped.js';
import { trainModel, type TrainingDoc } from '../src/engine/classifier/train.js';
import { featureLimitsOf, parseLimitsOf } from '../src/engine/limits.js';
import { parseRawMessage } from '../src/mail/parse-raw.js';
import { loadLabelledCorpus, sourceGroup } from './lib/corpus.js';

const { values, positionals } = parseArgs({ options: { out: { type: 'string' }, description: { type: 'string' } }, allowPositionals: true });
const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run train -- <corpus-dir> [--out FILE] [--description TEXT]');
  process.exit(2);
}
const config = loadConfig({ env: {} }).engine;
const corpus = loadLabelledCorpus(dir);
const docs: TrainingDoc[] = [];
const vocabulary = new Set<string>();
for (const mail of corpus) {
  const features = messageFeatures(await parseRawMessage(mail.raw, parseLimitsOf(config)), featureLimitsOf(config));
  features.forEach((f) => vocabulary.add(f));
  docs.push({ features, label: mail.label });
}
const sources = new Map<string, number>();
for (const mail of corpus) sources.set(sourceGroup(mail.source), (sources.get(sourceGroup(mail.source)) ?? 0) + 1);
const description = values.description ?? `${corpus.length} messages from ${dir}: ${[...sources].map(([s, n]) => `${s} (${n})`).join(', ')}`;
const started = performance.now();
const model = trainModel(docs, { description, chars: config.classifier_chars });
const report = artefactReport(model, vocabulary);
const out = values.out ?? SHIPPED_MODEL_PATH;
writeFileSync(out, serializeModel(model));
console.log(`trained on ${model.training.phishing} phishing + ${model.training.ham} legitimate messages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`calibration: p = sigmoid(${model.calibration.a.toFixed(3)} × margin + ${model.calibration.b.toFixed(3)})`);
console.log(`top phishing features: ${report.phishing.map(([f, w]) => `${f} ${w.toFixed(2)}`).join(', ')}`);
console.log(`top legitimate features: ${report.ham.map(([f, w]) => `${f} ${w.toFixed(2)}`).join(', ')}`);
console.log(report.warnings.length ? `ARTEFACT CHECK: ${report.warnings.length} suspicious features:\n  ${report.warnings.join('\n  ')}` : 'artefact check: no top feature looks like a collection artefact (hosts, trap address, headers, years, mailers)');
console.log(`wrote ${out}`);
