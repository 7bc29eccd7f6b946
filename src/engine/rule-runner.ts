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
export function runRule(rule: Detector, facts: DetectorInput, options: RunRuleOptions): DetectorHit[] | null | Promise<DetectorHit[] | null> {
  // Made when a rule first reads its signal: most rules answer synchronously and never do, and an
  // AbortController per rule and message was a measurable share of a worker's time (docs/performance.md).
  let controller: AbortController | undefined;
  let answer: DetectorHit[] | Promise<DetectorHit[]>;
  try {
    answer = rule.run(facts, {
      get signal() {
        return (controller ??= new AbortController()).signal;
      },
      note: options.note,
      ...(options.ruleOptions ? { options: options.ruleOptions } : {}),
    });
  } catch (error) {
    options.onError?.(rule.id, error);
    return null;
  }
  // A synchronous answer is returned as it is, not as a promise: the engine runs every rule for every
  // message, and a promise per rule cost more than most rules themselves.
  if (!isPromise(answer)) return answer;
  return answerInTime(rule, answer, options, () => (controller ??= new AbortController()));
}

/** An asynchronous answer, counted only when it arrives within the rule's deadline. */
async function answerInTime(rule: Detector, answer: Promise<DetectorHit[]>, options: RunRuleOptions, controllerOf: () => AbortController): Promise<DetectorHit[] | null> {
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
    controllerOf().abort();
    options.note(`rule ${rule.id} gave no answer within ${deadlineMs} ms and scored nothing`);
    return null;
  }
  if ('error' in outcome) {
    options.onError?.(rule.id, outcome.error);
    return null;
  }
  return outcome.hits;
}
