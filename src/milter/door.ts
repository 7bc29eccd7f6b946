import type { Gateway } from '../core/gateway.js';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { Readiness } from '../core/readiness.js';
import type { Metrics } from '../ops/metrics.js';
import type { Component } from '../ops/component.js';
import { createMilterServer } from './server.js';

/** The milter door as `serve` runs it: listening, ready-checked, counted in /metrics. */
export interface MilterDoorDeps {
  config: Config;
  logger: Logger;
  readiness: Readiness;
  metrics: Metrics;
}

export async function startMilterDoor(runtime: MilterDoorDeps, gateway: Gateway): Promise<Component> {
  const server = createMilterServer({ config: runtime.config, gateway, logger: runtime.logger });
  const { address, port } = await server.listen();
  runtime.readiness.register('milter', async () => (server.address() ? true : 'not listening'));
  runtime.metrics.sessionStats('milter', () => server.stats());
  return {
    name: 'milter',
    address: `${address}:${port}`,
    async close(graceMs) {
      runtime.readiness.unregister('milter');
      // Lets messages being decided get their reply; the MTA applies milter_default_action to the rest.
      await server.close({ graceMs });
    },
  };
}
