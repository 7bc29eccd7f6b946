import type { Detector, DetectorHit, DetectorInput, RuleContext } from './detector.js';

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
 * What a rule receives while it runs. A class rather than an object literal with a getter and spreads: the
 * engine makes one per rule and message (61 rules), and the literal's shape was built anew each time
 * (docs/performance.md, "Rules"). The signal's controller is made only when a rule first reads it: most
 * rules answer synchronously and never do.
 */
class RunContext implements RuleContext {
  controller: AbortController | undefined = undefined;
  constructor(
    readonly note: (text: string) => void,
    readonly options: Readonly<Record<string, number>> | undefined,
  ) {}

  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  abort(): void {
    (this.controller ??= new AbortController()).abort();
  }
}

/**
 * Runs one rule: a synchronous answer is taken as it is; an asynchronous one counts only if it arrives within the
 * rule's deadline, after which its signal is aborted and it scores nothing. A rule that throws or rejects scores
 * nothing either: one broken rule never stops an analysis (docs/detection.md "Rules").
 */
export function runRule(rule: Detector, facts: DetectorInput, options: RunRuleOptions): DetectorHit[] | null | Promise<DetectorHit[] | null> {
  const context = new RunContext(options.note, options.ruleOptions);
  let answer: DetectorHit[] | Promise<DetectorHit[]>;
  try {
    answer = rule.run(facts, context);
  } catch (error) {
    options.onError?.(rule.id, error);
    return null;
  }
  // A synchronous answer is returned as it is, not as a promise: the engine runs every rule for every
  // message, and a promise per rule cost more than most rules themselves.
  if (!isPromise(answer)) return answer;
  return answerInTime(rule, answer, options, context);
}

/** An asynchronous answer, counted only when it arrives within the rule's deadline. */
async function answerInTime(rule: Detector, answer: Promise<DetectorHit[]>, options: RunRuleOptions, context: RunContext): Promise<DetectorHit[] | null> {
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
    context.abort();
    options.note(`rule ${rule.id} gave no answer within ${deadlineMs} ms and scored nothing`);
    return null;
  }
  if ('error' in outcome) {
    options.onError?.(rule.id, outcome.error);
    return null;
  }
  return outcome.hits;
}
