import type { GatewayDecision } from '../../src/core/gateway.js';

/** A gateway decision for door tests: pass, safe, nothing to change, unless `over` says otherwise. */
export const gatewayDecision = (over: Partial<GatewayDecision> = {}): GatewayDecision => ({
  action: 'pass',
  verdict: 'safe',
  addHeaders: [],
  newSubject: null,
  reject: null,
  quarantineReason: null,
  tenants: [],
  ...over,
});
