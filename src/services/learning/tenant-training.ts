/**
 * `phishgate train --tenant ID` (docs/recipients.md, "Tenant learning"): a tenant's own classifier
 * model, trained on the base corpus (the data the shipped model learnt from) plus the messages the
 * tenant's people labelled. Only distinct messages count (the newest label of the same bytes wins), at
 * most `maxFeedback` of them, and nothing is trained before `minFeedback` of them (and `minPerLabel` of
 * each label) exist. A deterministic share of the tenant's messages is held out: the new model replaces
 * the current one (the tenant's previous model, or the shipped one) only when it does at least as well
 * on them — more of them right, or as many and a smaller log loss. The file is replaced atomically, so
 * `serve` reads either the old or the new model, never half of one.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isAppError } from '../../core/errors.js';
import type { NormalizedMessage } from '../../core/message.js';
import type { LabelledFeedback } from '../labelled-feedback.js';
import { readLabelledCorpus } from './base-corpus.js';
import { featuresOf, modelFromText, modelText, probabilityOf, train, type ClassifierModel, type FeatureLimits, type TrainingDoc } from './classifier-api.js';
import { tenantModelPath } from './tenant-models.js';

export interface TenantTrainingOptions {
  baseCorpus: string;
  modelsDir: string;
  maxFeedback: number;
  minFeedback: number;
  minPerLabel: number;
  holdoutFraction: number;
  maxMessageBytes: number;
  featureLimits: FeatureLimits;
  parse: (raw: Buffer) => Promise<NormalizedMessage>;
  /** The model the tenant is judged with when it has none of its own (shipped or engine.model_path). */
  defaultModel: ClassifierModel | null;
}

export interface HeldOutScore {
  correct: number;
  total: number;
  logLoss: number;
}

export interface TenantTrainingReport {
  tenant: string;
  replaced: boolean;
  reason: string;
  feedback: { phishing: number; ham: number; unreadable: number };
  base: { phishing: number; ham: number };
  trained_on: { phishing: number; ham: number } | null;
  held_out: number;
  candidate: HeldOutScore | null;
  current: (HeldOutScore & { model: 'tenant' | 'default' | 'none' }) | null;
  model_path: string | null;
}

interface LabelledDoc extends TrainingDoc {
  sha256: string;
}

/** A message's place in the held-out share: from its hash, so the same message is always on the same side. */
const holdoutRank = (sha256: string): number => parseInt(sha256.slice(0, 8), 16) / 0x1_0000_0000;

/** Splits each label separately so both sides get both labels (at least one held out of each). */
export function splitHeldOut<T extends { label: 0 | 1; sha256: string }>(docs: readonly T[], fraction: number): { train: T[]; heldOut: T[] } {
  const train: T[] = [];
  const heldOut: T[] = [];
  for (const label of [0, 1] as const) {
    const ranked = docs.filter((d) => d.label === label).sort((a, b) => holdoutRank(a.sha256) - holdoutRank(b.sha256) || a.sha256.localeCompare(b.sha256));
    const count = Math.max(1, Math.round(ranked.length * fraction));
    heldOut.push(...ranked.slice(0, count));
    train.push(...ranked.slice(count));
  }
  return { train, heldOut };
}

function score(model: ClassifierModel, docs: readonly TrainingDoc[]): HeldOutScore {
  let correct = 0;
  let loss = 0;
  for (const doc of docs) {
    const p = Math.min(1 - 1e-6, Math.max(1e-6, probabilityOf(model, doc.features)));
    if ((p >= 0.5 ? 1 : 0) === doc.label) correct++;
    loss -= doc.label === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return { correct, total: docs.length, logLoss: docs.length ? loss / docs.length : 0 };
}

const better = (candidate: HeldOutScore, current: HeldOutScore): boolean => candidate.correct > current.correct || (candidate.correct === current.correct && candidate.logLoss <= current.logLoss);

export async function trainTenantModel(tenantId: string, feedback: AsyncIterable<LabelledFeedback>, options: TenantTrainingOptions): Promise<TenantTrainingReport> {
  const path = tenantModelPath(options.modelsDir, tenantId);
  const report: TenantTrainingReport = {
    tenant: tenantId,
    replaced: false,
    reason: '',
    feedback: { phishing: 0, ham: 0, unreadable: 0 },
    base: { phishing: 0, ham: 0 },
    trained_on: null,
    held_out: 0,
    candidate: null,
    current: null,
    model_path: null,
  };
  const featuresOfRaw = async (raw: Buffer): Promise<string[] | null> => {
    try {
      return featuresOf(await options.parse(raw), options.featureLimits);
    } catch (error) {
      if (isAppError(error)) return null;
      throw error;
    }
  };

  const labelled: LabelledDoc[] = [];
  for await (const item of feedback) {
    const features = await featuresOfRaw(item.raw);
    if (!features) {
      report.feedback.unreadable++;
      continue;
    }
    labelled.push({ features, label: item.label === 'phishing' ? 1 : 0, sha256: item.sha256 });
    report.feedback[item.label]++;
  }
  const { phishing, ham } = report.feedback;
  if (labelled.length < options.minFeedback || phishing < options.minPerLabel || ham < options.minPerLabel) {
    report.reason = `not enough labelled messages: ${phishing} phishing and ${ham} legitimate; learning.min_feedback is ${options.minFeedback}, learning.min_per_label ${options.minPerLabel}`;
    return report;
  }

  const { train: trainFeedback, heldOut } = splitHeldOut(labelled, options.holdoutFraction);
  const heldOutHashes = new Set(heldOut.map((d) => d.sha256));
  const docs: TrainingDoc[] = [];
  for await (const mail of readLabelledCorpus(options.baseCorpus, options.maxMessageBytes)) {
    // A held-out message must not be learnt through the base corpus either.
    if (heldOutHashes.has(mail.sha256)) continue;
    const features = await featuresOfRaw(mail.raw);
    if (!features) continue;
    docs.push({ features, label: mail.label });
    report.base[mail.label === 1 ? 'phishing' : 'ham']++;
  }
  docs.push(...trainFeedback);
  report.trained_on = { phishing: docs.filter((d) => d.label === 1).length, ham: docs.filter((d) => d.label === 0).length };
  report.held_out = heldOut.length;
  const candidate = train(docs, options.featureLimits.chars, `tenant ${tenantId}: ${report.base.phishing + report.base.ham} messages of ${options.baseCorpus} and ${trainFeedback.length} labelled by the tenant (${heldOut.length} more held out for validation)`);
  report.candidate = score(candidate, heldOut);

  let current: ClassifierModel | null = null;
  let kind: 'tenant' | 'default' | 'none' = 'none';
  try {
    current = modelFromText(await readFile(path, 'utf8'), path);
    kind = 'tenant';
  } catch {
    current = options.defaultModel;
    kind = current ? 'default' : 'none';
  }
  if (current) {
    report.current = { ...score(current, heldOut), model: kind };
    if (!better(report.candidate, report.current)) {
      report.reason = `the new model does worse on the ${heldOut.length} held-out messages (${report.candidate.correct} right, log loss ${report.candidate.logLoss.toFixed(3)}) than the ${kind === 'tenant' ? "tenant's current" : 'default'} model (${report.current.correct} right, log loss ${report.current.logLoss.toFixed(3)}); kept the current one`;
      return report;
    }
  }

  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${createHash('sha256').update(`${process.pid}:${Date.now()}`).digest('hex').slice(0, 8)}.tmp`;
  await writeFile(temporary, modelText(candidate));
  await rename(temporary, path);
  report.replaced = true;
  report.model_path = path;
  report.reason = current ? `the new model does at least as well on the ${heldOut.length} held-out messages` : 'no model in use: the new model is the first';
  return report;
}
