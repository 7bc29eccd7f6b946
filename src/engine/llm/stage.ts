import type { MessageFacts } from '../facts.js';
import type { Fired } from '../scoring.js';
import { chatVerdict, LlmError } from './client.js';
import { buildPrompt, type LlmPrivacy } from './prompt.js';

/** What the optional LLM stage adds to one analysis. */
export interface LlmOutcome {
  /** The LLM's verdict as one more rule (LLM_VERDICT), or null when it failed or was skipped. */
  fired: Fired | null;
  /** The LLM model name, for the result's `model` ("<llm model>+local"). */
  model: string;
  /** What went wrong or was left out ("LLM timed out after 5000 ms; local verdict used"). */
  coverage: string[];
}

export interface LlmStage {
  run(facts: MessageFacts, localFindings: readonly string[]): Promise<LlmOutcome>;
}

export interface LlmStageOptions {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  privacy: Exclude<LlmPrivacy, 'off'>;
  /** Log-odds added: +weight × confidence for phishing, +weight/2 × confidence for suspicious, −weight × confidence for safe. */
  weight: number;
  maxChars: number;
  fetch?: typeof fetch;
  /** Randomness for the prompt fence (injected for tests). */
  random?: () => number;
}

const DIRECTION = { phishing: 1, suspicious: 0.5, safe: -1 } as const;

/** The LLM as one more rule: its verdict, weighted by its confidence, joins the local evidence. */
export function createLlmStage(options: LlmStageOptions): LlmStage {
  const doFetch = options.fetch ?? fetch;
  const random = options.random ?? Math.random;
  return {
    async run(facts, localFindings) {
      const nonce = Math.floor(random() * 2 ** 48).toString(36).padStart(8, '0');
      const prompt = buildPrompt(facts, { privacy: options.privacy, maxChars: options.maxChars, nonce, localFindings });
      const coverage = prompt.truncated ? [`body truncated at ${options.maxChars} characters for the LLM`] : [];
      try {
        const answer = await chatVerdict({ url: options.url, model: options.model, apiKey: options.apiKey, timeoutMs: options.timeoutMs, system: prompt.system, user: prompt.user, fetch: doFetch });
        const why = answer.reasons.length ? `: ${answer.reasons.join('; ')}` : '';
        return {
          model: options.model,
          coverage,
          fired: {
            id: 'LLM_VERDICT',
            group: 'llm',
            strength: answer.confidence,
            contribution: options.weight * answer.confidence * DIRECTION[answer.verdict],
            reason: `LLM ${options.model} judges it ${answer.verdict} (${Math.round(answer.confidence * 100)}%)${why}`,
          },
        };
      } catch (error) {
        const why = error instanceof LlmError ? error.message : `LLM stage failed: ${String(error)}`;
        return { model: options.model, fired: null, coverage: [...coverage, `${why}; local verdict used`] };
      }
    },
  };
}
