import type { Verdict } from '../core/analysis.js';
import type { Gate } from './evidence-gate.js';

/**
 * Reasons keep their promise (docs/detection.md "Two independent facts before an accusation"): a verdict
 * that is not safe names two facts of different kinds, or says that the one it has is strong. The rules'
 * own reasons name the findings; this adds the message fact that corroborated a lone finding, or marks
 * the strong one.
 */
export function withGateReasons(reasons: readonly string[], ruleReasons: ReadonlyMap<string, string>, gate: Gate | undefined, verdict: Verdict): string[] {
  if (!gate || verdict === 'safe') return [...reasons];
  if (gate.outcome === 'strong' && gate.strongRule) {
    const reason = ruleReasons.get(gate.strongRule);
    return reasons.map((r) => (r === reason ? `${r} (strong on its own)` : r));
  }
  if (gate.outcome === 'corroborated' && gate.corroboration) {
    // Within the first eight reasons (the result shows at most eight).
    const at = Math.min(reasons.length, 7);
    return [...reasons.slice(0, at), `Besides: ${gate.corroboration}`, ...reasons.slice(at)];
  }
  return [...reasons];
}
