import type { Config } from '../config/schema.js';
import type { Detector } from './detector.js';
import { LLM_RULE_ID } from './llm/stage.js';
import { DETECTORS } from './registry.js';
import { REPUTATION_RULES } from './reputation/rule-ids.js';

type RuleConfig = Pick<Config['engine'], 'weights' | 'group_caps'> & Partial<Pick<Config['engine'], 'rule_options'>>;

/**
 * Checks the rules and their configuration against each other at start-up, both ways, so a typo fails loudly
 * instead of silently scoring nothing: every rule has a weight, every weight names a known rule, every group
 * cap names a group some rule belongs to, and every tuning option names a known rule and an option that rule
 * declares, within its range (docs/detection.md "Rules", "Tuning a rule").
 */
export function validateRuleConfig(rules: readonly Detector[], config: RuleConfig): void {
  for (const rule of rules) {
    if (rule.id !== LLM_RULE_ID && config.weights[rule.id] === undefined) throw new Error(`engine.weights has no weight for rule ${rule.id}`);
  }
  // Known = the registry plus whatever rules this engine runs (tests build engines over a subset).
  // Reputation rules have weights while they are off (docs/reputation.md "Rules").
  const known = new Set([...DETECTORS, ...REPUTATION_RULES, ...rules].map((rule) => rule.id));
  const unknown = Object.keys(config.weights).filter((id) => !known.has(id));
  if (unknown.length) throw new Error(`engine.weights names no known rule: ${unknown.join(', ')} (see docs/detection.md for the rule ids)`);
  const groups = new Set([...DETECTORS, ...REPUTATION_RULES, ...rules].map((rule) => rule.group));
  const unknownGroups = Object.keys(config.group_caps).filter((group) => !groups.has(group));
  if (unknownGroups.length) throw new Error(`engine.group_caps names no rule group: ${unknownGroups.join(', ')} (groups: ${[...groups].join(', ')})`);
  validateRuleOptions([...DETECTORS, ...rules], config.rule_options ?? {});
}

function validateRuleOptions(rules: readonly Detector[], configured: Config['engine']['rule_options']): void {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const unknownRules = Object.keys(configured).filter((id) => !byId.has(id));
  if (unknownRules.length) throw new Error(`engine.rule_options names no known rule: ${unknownRules.join(', ')} (see docs/detection.md for the rule ids)`);
  for (const [id, values] of Object.entries(configured)) {
    const declared = byId.get(id)!.options ?? {};
    for (const [name, value] of Object.entries(values)) {
      const option = declared[name];
      const known = Object.keys(declared);
      if (!option) throw new Error(`engine.rule_options.${id}.${name}: rule ${id} has no option ${name} (${known.length ? `its options: ${known.join(', ')}` : 'it has no options'})`);
      if (value < option.min || value > option.max || (option.integer && !Number.isInteger(value))) {
        throw new Error(`engine.rule_options.${id}.${name} must be ${option.integer ? 'a whole number ' : ''}between ${option.min} and ${option.max}, got ${value}`);
      }
    }
  }
}

/** Each rule's options as this configuration sets them (only rules with options); defaults are the rule's own. */
export function ruleOptionsOf(rules: readonly Detector[], configured: Config['engine']['rule_options'] = {}): Map<string, Readonly<Record<string, number>>> {
  const options = new Map<string, Readonly<Record<string, number>>>();
  for (const rule of rules) {
    if (!rule.options) continue;
    const values = Object.fromEntries(Object.entries(rule.options).map(([name, option]) => [name, configured[rule.id]?.[name] ?? option.default]));
    options.set(rule.id, values);
  }
  return options;
}
