import type { Config } from '../config/schema.js';
import type { Secrets } from '../config/loader.js';
import { createEngine, type EngineDeps } from './engine.js';
import { createLlmStage, type LlmStage } from './llm/stage.js';
import type { Engine } from './types.js';
import { DETECTORS } from './registry.js';
import { createReputation, type Reputation } from './reputation/index.js';

export interface EngineFromConfigOptions {
  secrets?: Secrets;
  onDetectorError?: EngineDeps['onDetectorError'];
  /** Replaces global fetch for the LLM call (tests). */
  fetch?: typeof fetch;
  random?: () => number;
  /** Reputation sources already built (serve keeps one for status and metrics); absent: built from config. */
  reputation?: Reputation;
}

/** The LLM stage the configuration asks for, or null (no URL, or privacy "off"). */
export function llmStageFromConfig(config: Config['llm'], options: EngineFromConfigOptions = {}): LlmStage | null {
  if (!config.url || config.privacy === 'off') return null;
  return createLlmStage({
    url: config.url,
    model: config.model,
    apiKey: options.secrets?.llmApiKey ?? null,
    timeoutMs: config.timeout_ms,
    privacy: config.privacy,
    weight: config.weight,
    maxChars: config.max_chars,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
}

/**
 * The engine as `serve`, `scan` and the workers build it: `engine` section (weights, limits, model file)
 * plus the optional LLM stage from the `llm` section and the LLM API key from the secrets, and the reputation
 * rules the `reputation` section enables.
 */
export function createEngineFromConfig(config: Pick<Config, 'engine' | 'llm'> & Partial<Pick<Config, 'reputation'>>, options: EngineFromConfigOptions = {}): Engine {
  // Off by default (docs/reputation.md): no reputation section or nothing enabled adds no rule at all.
  // Feeds built here have no copy until their owner calls `start` (serve and scan do; docs/reputation.md).
  const reputation = options.reputation ?? createReputation(config.reputation);
  return createEngine({
    config: config.engine,
    ...(reputation.rules.length ? { detectors: [...DETECTORS, ...reputation.rules] } : {}),
    llm: llmStageFromConfig(config.llm, options),
    ...(options.onDetectorError ? { onDetectorError: options.onDetectorError } : {}),
  });
}
