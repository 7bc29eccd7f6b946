/**
 * npm run train [-- corpus-dir… [--raw] [--out models/classifier.json] [--description TEXT]]
 *
 * Trains the shipped classifier, deterministically, on labelled corpus folders (labels.jsonl + files;
 * default: ../shared/corpus/dev, ../shared/corpus/train-extra and, when built, corpus/modern-genuine:
 * `defaultCorpora` in lib/corpus.ts), read through the content-only view
 * (only the header fields a sender writes, one neutral recipient, no trap address; --raw reads the files
 * as they are). Prints the strongest features with an artefact check and writes the model file with its
 * provenance: corpora, messages per source and label, feature version, languages, command, date.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/loader.js';
import { artefactReport } from '../src/engine/classifier/artefacts.js';
import { messageDoc } from '../src/engine/classifier/corpus-features.js';
import { FEATURE_VERSION } from '../src/engine/classifier/features.js';
import { serializeModel } from '../src/engine/classifier/model.js';
import { SHIPPED_MODEL_PATH } from '../src/engine/classifier/shipped.js';
import { trainModel, type TrainingDoc } from '../src/engine/classifier/train.js';
import { featureLimitsOf, parseLimitsOf } from '../src/engine/limits.js';
import { parseRawMessage } from '../src/mail/parse-raw.js';
import { defaultCorpora, loadCorpora, sourceGroup, withoutCollectorNames } from './lib/corpus.js';

const { values, positionals } = parseArgs({ options: { out: { type: 'string' }, description: { type: 'string' }, raw: { type: 'boolean' } }, allowPositionals: true });
const dirs = positionals.length ? positionals : defaultCorpora();
const config = loadConfig({ env: {} }).engine;
const corpus = loadCorpora(dirs, { contentOnly: !values.raw });
const docs: TrainingDoc[] = [];
const vocabulary = new Set<string>();
for (const mail of corpus) {
  const doc = withoutCollectorNames(messageDoc(await parseRawMessage(mail.raw, parseLimitsOf(config)), featureLimitsOf(config), mail.label));
  doc.features.forEach((f) => vocabulary.add(f));
  docs.push(doc);
}
const counts = new Map<string, { source: string; label: 'phishing' | 'ham'; n: number }>();
for (const mail of corpus) {
  const label = mail.label === 1 ? 'phishing' : 'ham';
  const key = `${label} ${sourceGroup(mail.source)}`;
  const entry = counts.get(key) ?? { source: sourceGroup(mail.source), label, n: 0 };
  entry.n++;
  counts.set(key, entry);
}
const sources = [...counts.values()].sort((a, b) => (a.label === b.label ? b.n - a.n : a.label === 'phishing' ? -1 : 1));
// Paths relative to the repository, so the provenance reads the same on every machine.
const shown = dirs.map((d) => relative(process.cwd(), d) || d);
const view = values.raw ? 'raw files' : 'content-only view';
const description = values.description ?? `${corpus.length} messages from ${shown.join(' + ')} (${view}): ${sources.map((s) => `${s.label} ${s.source} (${s.n})`).join(', ')}`;
const started = performance.now();
const model = trainModel(docs, { description, chars: config.classifier_chars });
model.training = {
  ...model.training,
  sources,
  corpora: shown.map((d) => `${d} (${view})`),
  command: `npm run train${positionals.length || values.raw ? ` -- ${[...shown, ...(values.raw ? ['--raw'] : [])].join(' ')}` : ''}`,
  date: new Date().toISOString().slice(0, 10),
};
const report = artefactReport(model, vocabulary);
const out = values.out ?? SHIPPED_MODEL_PATH;
writeFileSync(out, serializeModel(model));
console.log(`trained on ${model.training.phishing} phishing + ${model.training.ham} legitimate messages (${view}, feature version ${FEATURE_VERSION}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`languages whose words are features: ${(model.training.languages ?? []).join(', ') || 'all'}`);
console.log(`calibration: p = sigmoid(${model.calibration.a.toFixed(3)} × margin + ${model.calibration.b.toFixed(3)})`);
console.log(`top phishing features: ${report.phishing.map(([f, w]) => `${f} ${w.toFixed(2)}`).join(', ')}`);
console.log(`top legitimate features: ${report.ham.map(([f, w]) => `${f} ${w.toFixed(2)}`).join(', ')}`);
console.log(report.warnings.length ? `ARTEFACT CHECK: ${report.warnings.length} suspicious features:\n  ${report.warnings.join('\n  ')}` : 'artefact check: no top feature looks like a collection artefact (hosts, trap address, headers, years, mailers)');
console.log(`wrote ${out}`);
