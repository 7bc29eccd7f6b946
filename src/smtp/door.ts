import type { Gateway } from '../core/gateway.js';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { Readiness } from '../core/readiness.js';
import type { Metrics } from '../ops/metrics.js';
import type { Component } from '../ops/component.js';
import { startSmtpServer } from './server.js';
import type { Relay } from './relay-pool.js';
import type { ReportIntake } from '../services/reports/intake.js';
import type { DeliveredCopies } from '../services/delivered-copies.js';

/** The SMTP door as `serve` runs it: listening, ready-checked (/readyz), counted in /metrics. */
export interface SmtpDoorDeps {
  config: Config;
  logger: Logger;
  readiness: Readiness;
  metrics: Metrics;
  /** User reports (docs/recipients.md): mail to a reporting address goes to the intake. */
  reports?: ReportIntake;
  /** Tenant copies already handed on (services.deliveredCopies). */
  deliveredCopies: DeliveredCopies;
}

export async function startSmtpDoor(runtime: SmtpDoorDeps, gateway: Gateway, relay: Relay): Promise<Component> {
  const door = await startSmtpServer({ config: runtime.config, gateway, relay, logger: runtime.logger.child({ door: 'smtp' }), reports: runtime.reports, deliveredCopies: runtime.deliveredCopies });
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
