import type { Gateway } from '../gateway/types.js';
import type { Runtime } from '../main.js';
import type { Component } from '../ops/component.js';
import { startSmtpDoor } from './door.js';
import type { Relay } from './relay-pool.js';

/** The SMTP door as `serve` runs it: listening, ready-checked (/readyz), counted in /metrics. */
export async function startSmtpComponent(runtime: Runtime, gateway: Gateway, relay: Relay): Promise<Component> {
  const door = await startSmtpDoor({ config: runtime.config, gateway, relay, logger: runtime.logger.child({ door: 'smtp' }), reports: runtime.services.reports });
  runtime.readiness.register('smtp', async () => (door.listening() ? true : 'not listening'));
  runtime.metrics.sessionStats('smtp', () => door.stats());
  return {
    name: 'smtp',
    address: door.address,
    async close(graceMs) {
      runtime.readiness.unregister('smtp');
      // Messages in DATA get their real answer; idle sessions are told 421 and Postfix retries later.
      await door.close(graceMs);
    },
  };
}
