import type { Detector } from '../detector.js';
import { chatVerdict, LlmError } from './client.js';
import { buildPrompt, type LlmPrivacy } from './prompt.js';

/** Rule id of the LLM's verdict; its weight is `llm.weight` (docs/detection.md "Optional LLM stage"). */
export const LLM_RULE_ID = 'LLM_VERDICT';

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

/** The LLM as one more rule, with the model name the result reports ("<llm model>+local") when it answered. */
export interface LlmStage {
  model: string;
  weight: number;
  rule: Detector;
}

const DIRECTION = { phishing: 1, suspicious: 0.5, safe: -1 } as const;
/** Log-odds a local finding must contribute to be worth telling the LLM about. */
const FINDING_MIN_CONTRIBUTION = 0.3;
/** The rule's deadline leaves the HTTP client's own timeout time to answer with its clearer note. */
const DEADLINE_MARGIN_MS = 1000;

/**
 * The LLM's verdict as a stage-3 rule: it reads the local findings, asks the LLM, and votes towards phishing or
 * legitimate weighted by the LLM's confidence. Any failure leaves the local verdict, with a coverage note.
 */
export function createLlmStage(options: LlmStageOptions): LlmStage {
  const doFetch = options.fetch ?? fetch;
  const random = options.random ?? Math.random;
  const rule: Detector = {
    id: LLM_RULE_ID,
    group: 'llm',
    stage: 3,
    deadlineMs: options.timeoutMs + DEADLINE_MARGIN_MS,
    description: 'The optional LLM reads the message (as privacy allows) and the local findings, and gives its verdict',
    async run(facts, ctx) {
      const nonce = Math.floor(random() * 2 ** 48).toString(36).padStart(8, '0');
      const localFindings = facts.fired.filter((f) => f.contribution > FINDING_MIN_CONTRIBUTION).map((f) => f.reason);
      const prompt = buildPrompt(facts, { privacy: options.privacy, maxChars: options.maxChars, nonce, localFindings });
      if (prompt.truncated) ctx?.note(`body truncated at ${options.maxChars} characters for the LLM`);
      try {
        const answer = await chatVerdict({ url: options.url, model: options.model, apiKey: options.apiKey, timeoutMs: options.timeoutMs, system: prompt.system, user: prompt.user, fetch: doFetch });
        const why = answer.reasons.length ? `: ${answer.reasons.join('; ')}` : '';
        return [
          {
            strength: answer.confidence,
            direction: DIRECTION[answer.verdict],
            reason: `LLM ${options.model} judges it ${answer.verdict} (${Math.round(answer.confidence * 100)}%)${why}`,
          },
        ];
      } catch (error) {
        const why = error instanceof LlmError ? error.message : `LLM stage failed: ${String(error)}`;
        ctx?.note(`${why}; local verdict used`);
        return [];
      }
    },
  };
  return { model: options.model, weight: options.weight, rule };
}
