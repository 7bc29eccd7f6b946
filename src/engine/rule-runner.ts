import type { Detector, DetectorHit, DetectorInput } from './detector.js';

export interface RunRuleOptions {
  /** Deadline of an asynchronous answer when the rule declares none. */
  defaultDeadlineMs: number;
  note(text: string): void;
  /** The rule's configured tuning options (`engine.rule_options[rule.id]`). */
  ruleOptions?: Readonly<Record<string, number>>;
  onError?: (id: string, error: unknown) => void;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Promise<T>)?.then === 'function';
}

/**
 * Runs one rule: a synchronous answer is taken as it is; an asynchronous one counts only if it arrives within the
 * rule's deadline, after which its signal is aborted and it scores nothing. A rule that throws or rejects scores
 * nothing either: one broken rule never stops an analysis (docs/detection.md "Rules").
 */
export async function runRule(rule: Detector, facts: DetectorInput, options: RunRuleOptions): Promise<DetectorHit[] | null> {
  const controller = new AbortController();
  let answer: DetectorHit[] | Promise<DetectorHit[]>;
  try {
    answer = rule.run(facts, { signal: controller.signal, note: options.note, ...(options.ruleOptions ? { options: options.ruleOptions } : {}) });
  } catch (error) {
    options.onError?.(rule.id, error);
    return null;
  }
  if (!isPromise(answer)) return answer;
  const deadlineMs = rule.deadlineMs ?? options.defaultDeadlineMs;
  // Settled into a value, so a rejection that arrives after the deadline is not an unhandled rejection.
  const settled = answer.then(
    (hits) => ({ hits }),
    (error: unknown) => ({ error }),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  const outcome = await Promise.race([settled, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    controller.abort();
    options.note(`rule ${rule.id} gave no answer within ${deadlineMs} ms and scored nothing`);
    return null;
  }
  if ('error' in outcome) {
    options.onError?.(rule.id, outcome.error);
    return null;
  }
  return outcome.hits;
}
