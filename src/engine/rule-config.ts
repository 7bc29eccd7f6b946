import type { Config } from '../config/schema.js';
import type { Detector } from './detector.js';
import { LLM_RULE_ID } from './llm/stage.js';
import { DETECTORS } from './registry.js';

/**
 * Checks the rules and their configuration against each other at start-up, both ways, so a typo fails loudly
 * instead of silently scoring nothing: every rule has a weight, every weight names a known rule, and every group
 * cap names a group some rule belongs to (docs/detection.md "Rules").
 */
export function validateRuleConfig(rules: readonly Detector[], config: Pick<Config['engine'], 'weights' | 'group_caps'>): void {
  for (const rule of rules) {
    if (rule.id !== LLM_RULE_ID && config.weights[rule.id] === undefined) throw new Error(`engine.weights has no weight for rule ${rule.id}`);
  }
  // Known = the registry plus whatever rules this engine runs (tests build engines over a subset).
  const known = new Set([...DETECTORS, ...rules].map((rule) => rule.id));
  const unknown = Object.keys(config.weights).filter((id) => !known.has(id));
  if (unknown.length) throw new Error(`engine.weights names no known rule: ${unknown.join(', ')} (see docs/detection.md for the rule ids)`);
  const groups = new Set([...DETECTORS, ...rules].map((rule) => rule.group));
  const unknownGroups = Object.keys(config.group_caps).filter((group) => !groups.has(group));
  if (unknownGroups.length) throw new Error(`engine.group_caps names no rule group: ${unknownGroups.join(', ')} (groups: ${[...groups].join(', ')})`);
}
