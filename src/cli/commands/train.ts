import { mkdirSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../../config/loader.js';
import { isAppError } from '../../core/errors.js';
import { artefactReport } from '../../engine/classifier/artefacts.js';
import { messageFeatures } from '../../engine/classifier/corpus-features.js';
import { serializeModel } from '../../engine/classifier/model.js';
import { trainModel, type TrainingDoc } from '../../engine/classifier/train.js';
import { featureLimitsOf, parseLimitsOf } from '../../engine/limits.js';
import { readMailSources } from '../../mail/mail-source.js';
import { parseRawMessage } from '../../mail/parse-raw.js';
import { notAnEmailMessage } from '../../mail/message-shape.js';
import { inCliWords } from '../mail-words.js';
import type { CommandSpec } from '../command-spec.js';
import { parseCommandArgs, UsageError, type CliIo, type CommandHandler } from '../io.js';
import { trainTenant } from './train-tenant.js';

const USAGE = 'usage: phishgate train --phish PATH [--phish PATH…] --ham PATH [--ham PATH…] [--out FILE] | phishgate train --tenant ID [--base DIR]';
/** Where the model goes when neither --out nor engine.model_path says otherwise. */
export const DEFAULT_MODEL_OUT = 'data/phishgate-model.json';

async function checkPaths(flag: string, paths: readonly string[], cwd: string): Promise<string[]> {
  const resolved: string[] = [];
  for (const path of paths) {
    try {
      await stat(resolve(cwd, path));
    } catch {
      throw new UsageError(`--${flag} PATH not found: ${path}`);
    }
    resolved.push(resolve(cwd, path));
  }
  return resolved;
}

/**
 * `phishgate train` (like sa-learn): trains a classifier on the administrator's own mail — files,
 * folders (recursive) and mbox files — and writes a model file that `serve` and `scan` use once
 * `engine.model_path` points to it. Prints a JSON summary on stdout, hints on stderr.
 */
const options = {
  phish: { type: 'string', multiple: true, value: 'PATH', description: 'phishing examples: .eml files, folders (recursive) or mbox files (required without --tenant)' },
  ham: { type: 'string', multiple: true, value: 'PATH', description: 'legitimate examples, same forms (required without --tenant)' },
  out: { type: 'string', value: 'FILE', description: `where the model is written (default: engine.model_path, else ${DEFAULT_MODEL_OUT})` },
  tenant: { type: 'string', value: 'ID', description: "instead: train this tenant's own model on the base corpus plus its feedback, and swap it in when it validates (docs/recipients.md)" },
  base: { type: 'string', value: 'DIR', description: 'with --tenant: the labelled corpus to start from (default: learning.base_corpus)' },
} as const;

export const trainCommand: CommandHandler = async (argv: string[], io: CliIo): Promise<number> => {
  const { values, positionals } = parseCommandArgs(argv, options, true);
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"; ${USAGE}`);
  if (values.tenant !== undefined) {
    if (values.phish || values.ham || values.out) throw new UsageError(`--tenant trains from the tenant's feedback: no --phish, --ham or --out; ${USAGE}`);
    return trainTenant(values.tenant, values.base, io);
  }
  if (values.base !== undefined) throw new UsageError(`--base goes with --tenant; ${USAGE}`);
  if (!values.phish?.length) throw new UsageError(`--phish is required; ${USAGE}`);
  if (!values.ham?.length) throw new UsageError(`--ham is required; ${USAGE}`);
  const phishPaths = await checkPaths('phish', values.phish, io.cwd);
  const hamPaths = await checkPaths('ham', values.ham, io.cwd);
  const config = loadConfig({ env: io.env });
  const out = resolve(io.cwd, values.out ?? config.engine.model_path ?? DEFAULT_MODEL_OUT);
  const parseLimits = parseLimitsOf(config.engine);
  const featureLimits = featureLimitsOf(config.engine);

  const docs: TrainingDoc[] = [];
  const vocabulary = new Set<string>();
  let skipped = 0;
  for (const [label, paths] of [[1, phishPaths], [0, hamPaths]] as const) {
    for await (const mail of readMailSources(paths, parseLimits.maxMessageBytes)) {
      // What is not a message (an image, a note beside the mail) must not teach the model anything (docs/cli.md, "scan").
      const notEmail = notAnEmailMessage(mail.raw);
      if (notEmail !== null) {
        skipped++;
        io.stderr.write(`skipped ${mail.name}: not an email message (${notEmail})\n`);
        continue;
      }
      try {
        const features = messageFeatures(await parseRawMessage(mail.raw, parseLimits), featureLimits);
        features.forEach((f) => vocabulary.add(f));
        docs.push({ features, label });
      } catch (error) {
        if (!isAppError(error)) throw error;
        skipped++;
        io.stderr.write(`skipped ${mail.name}: ${inCliWords(error.message)}\n`);
      }
    }
  }
  const phishing = docs.filter((d) => d.label === 1).length;
  const ham = docs.length - phishing;
  if (phishing < 2 || ham < 2) {
    io.stderr.write(`train needs at least 2 phishing and 2 legitimate messages (found ${phishing} and ${ham})\n`);
    return 1;
  }
  const started = performance.now();
  const model = trainModel(docs, { chars: config.engine.classifier_chars, description: `${phishing} phishing messages from ${values.phish.join(', ')}; ${ham} legitimate messages from ${values.ham.join(', ')}` });
  const report = artefactReport(model, vocabulary, 20);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, serializeModel(model));
  io.stdout.write(`${JSON.stringify({ out, phishing, ham, skipped, seconds: Math.round(performance.now() - started) / 1000, calibration: model.calibration, top_phishing_features: report.phishing.slice(0, 10).map(([f]) => f), top_legitimate_features: report.ham.slice(0, 10).map(([f]) => f), warnings: report.warnings })}\n`);
  if (config.engine.model_path === null || resolve(io.cwd, config.engine.model_path) !== out) {
    io.stderr.write(`model written to ${out}; set engine.model_path: ${out} in your configuration (PHISHGATE_CONFIG) so that serve and scan use it\n`);
  }
  if (phishing < 50 || ham < 50) io.stderr.write('few training messages: the model will be unreliable below a few hundred of each\n');
  return 0;
};

export const trainSpec: CommandSpec = {
  name: 'train',
  summary: 'train the classifier on your own mail (like sa-learn) and write a model file',
  options,
  details: [
    'Prints a JSON summary (counts, calibration, strongest features). Set engine.model_path to the file so that serve and scan use it.',
    'Files that are not email messages (as scan judges them) and messages that cannot be parsed are skipped, each named on stderr with the reason, and counted in "skipped".',
    'With --tenant: trains that tenant\'s model on the base corpus plus the messages its people labelled (bounded, deduplicated, learning.min_feedback first), checks it on held-out labelled messages against the model in use and writes learning.models_dir/<tenant>.json only when it does at least as well; serve picks it up without a restart. Prints the report; exit 0 either way.',
  ],
  examples: ['phishgate train --phish ~/mail/phish --ham ~/mail/inbox.mbox --out data/model.json', 'phishgate train --tenant tn_… --base /srv/phishgate/corpus'],
  run: trainCommand,
};
