import type { MessageFacts } from '../facts.js';
import type { Fired } from '../scoring.js';

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
  run(facts: MessageFacts): Promise<LlmOutcome>;
}
