import type { Plan } from '../core/domain.js';
import type { Engine } from '../engine/types.js';
import type { AfterCommitHook, TimeoutHook } from '../services/analysis.js';
import type { Metrics } from './metrics.js';

/** The same engine, timed: every door's analyses land in one histogram. */
export function instrumentEngine(engine: Engine, metrics: Metrics): Engine {
  return {
    version: engine.version,
    async analyze(message, ctx) {
      const end = metrics.engineDuration.startTimer();
      try {
        return await engine.analyze(message, ctx);
      } finally {
        end();
      }
    },
  };
}

/** Counts stored analyses and the rules behind them, after commit. */
export function analysisMetricsHook(metrics: Metrics): AfterCommitHook {
  return (stored, principal, result) => {
    metrics.analyses.inc({
      verdict: stored.verdict ?? stored.status,
      source: stored.source,
      plan: principal.tenant.planCode satisfies Plan['code'],
      livemode: String(principal.livemode),
    });
    for (const rule of result.rules) metrics.ruleHits.inc({ rule: rule.id });
  };
}

/** Counts deadline hits of the analysis workers by door and stage (docs/operations.md). */
export function timeoutMetricsHook(metrics: Metrics): TimeoutHook {
  return (door, error) => metrics.analysisTimeouts.inc({ door, stage: error.stage });
}
