import type { Verdict } from '../../core/analysis.js';
import type { Config } from '../../config/schema.js';
import type { GatewayAction, GatewayDoor } from '../../core/gateway.js';

const ACTION_RANK: Record<GatewayAction, number> = { pass: 0, tag: 1, quarantine: 2, reject: 3 };
const VERDICT_RANK: Record<Verdict, number> = { safe: 0, suspicious: 1, phishing: 2 };

export const strictestAction = (actions: GatewayAction[]): GatewayAction =>
  actions.reduce<GatewayAction>((worst, a) => (ACTION_RANK[a] > ACTION_RANK[worst] ? a : worst), 'pass');

export const strictestVerdict = (verdicts: Verdict[]): Verdict =>
  verdicts.reduce<Verdict>((worst, v) => (VERDICT_RANK[v] > VERDICT_RANK[worst] ? v : worst), 'safe');

/**
 * docs/gateway.md: per-verdict action, configurable per door and per tenant. The most specific setting
 * wins: tenant override, then the door's override, then `gateway.actions`.
 */
export function actionFor(config: Config, door: GatewayDoor, tenantId: string, verdict: Verdict): GatewayAction {
  return config.gateway.tenant_actions[tenantId]?.[verdict] ?? config[door].actions[verdict] ?? config.gateway.actions[verdict];
}
