/**
 * The narrow door to the engine's classifier that tenant learning goes through (docs/recipients.md,
 * "Tenant learning"): features of a message, training, a probability, reading and writing model files.
 * These are the calls `phishgate train` makes; keeping them in one place keeps tenant learning in step
 * when the classifier's features or training change.
 */
import { messageFeatures, type FeatureLimits } from '../../engine/classifier/corpus-features.js';
import { FEATURE_VERSION } from '../../engine/classifier/features.js';
import { parseModel, predict, serializeModel, type ClassifierModel } from '../../engine/classifier/model.js';
import { trainModel, type TrainingDoc } from '../../engine/classifier/train.js';
import type { NormalizedMessage } from '../../core/message.js';

export type { ClassifierModel, FeatureLimits, TrainingDoc };

export const featuresOf = (message: NormalizedMessage, limits: FeatureLimits): string[] => messageFeatures(message, limits);

export const train = (docs: readonly TrainingDoc[], chars: number, description: string): ClassifierModel => trainModel(docs, { chars, description });

/** The calibrated probability of phishing the model gives these features. */
export const probabilityOf = (model: ClassifierModel, features: readonly string[]): number => predict(model, features, 0).probability;

export const modelText = (model: ClassifierModel): string => serializeModel(model);

/** A model file's model; throws on a file that is not one, or one made for other features. */
export function modelFromText(text: string, origin: string): ClassifierModel {
  const model = parseModel(text, origin);
  if (model.featureVersion !== FEATURE_VERSION) throw new Error(`classifier model ${origin} was trained on features v${model.featureVersion}; this phishgate computes v${FEATURE_VERSION}`);
  return model;
}
