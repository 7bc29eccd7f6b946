import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/operations.md). One registry per process, created by the composition root and handed
 * to whoever records; no module-level singletons. Labels are bounded: plan codes, never tenant ids.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process metrics incl. nodejs_eventloop_lag_seconds and its percentiles.
  collectDefaultMetrics({ register: registry, prefix: 'phishgate_', eventLoopMonitoringPrecision: 20 });

  const metrics = {
    registry,
    analyses: new Counter({
      name: 'phishgate_analyses_total',
      help: 'Stored analyses by verdict, door and tenant plan',
      labelNames: ['verdict', 'source', 'plan', 'livemode'] as const,
      registers: [registry],
    }),
    engineDuration: new Histogram({
      name: 'phishgate_engine_duration_seconds',
      help: 'Time the engine spent on one message (parse excluded)',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    analysisTimeouts: new Counter({
      name: 'phishgate_analysis_timeouts_total',
      help: 'Messages whose parse or analysis hit the worker deadline (engine.workers.deadline_ms), by door and stage',
      labelNames: ['door', 'stage'] as const,
      registers: [registry],
    }),
    ruleHits: new Counter({ name: 'phishgate_rule_hits_total', help: 'Detection rules that fired', labelNames: ['rule'] as const, registers: [registry] }),
    httpRequests: new Counter({
      name: 'phishgate_http_requests_total',
      help: 'REST API responses by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'phishgate_http_request_duration_seconds',
      help: 'REST API response time by route template',
      labelNames: ['route', 'method'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'phishgate_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (success, retry, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    jobRuns: new Counter({ name: 'phishgate_job_runs_total', help: 'Background job runs by job and outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] }),

    /**
     * A mail door's session counters, read from its own stats at scrape time:
     * `phishgate_<door>_sessions_total`, `phishgate_<door>_messages_total{outcome}`, `phishgate_<door>_sessions_active`.
     */
    sessionStats(door: 'smtp' | 'milter', read: () => DoorStats): void {
      const seen = { sessions: 0, outcomes: {} as Record<string, number> };
      new Counter({
        name: `phishgate_${door}_sessions_total`,
        help: `${door} sessions opened`,
        registers: [registry],
        collect() {
          const total = read().totalSessions;
          this.inc(Math.max(0, total - seen.sessions));
          seen.sessions = total;
        },
      });
      new Counter({
        name: `phishgate_${door}_messages_total`,
        help: `${door} messages by outcome`,
        labelNames: ['outcome'],
        registers: [registry],
        collect() {
          for (const [outcome, count] of Object.entries(read().outcomes)) {
            this.inc({ outcome }, Math.max(0, count - (seen.outcomes[outcome] ?? 0)));
            seen.outcomes[outcome] = count;
          }
        },
      });
      new Gauge({
        name: `phishgate_${door}_sessions_active`,
        help: `${door} sessions open now`,
        registers: [registry],
        collect() {
          this.set(read().activeSessions);
        },
      });
    },

    /** A gauge whose value is read from somewhere (the store) at scrape time. */
    gauge(name: string, help: string, read: () => Promise<number>): Gauge {
      return new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await read());
          } catch {
            // A scrape must not fail because one source is down; readiness reports that.
          }
        },
      });
    },
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** What a mail door reports about its sessions. */
export interface DoorStats {
  activeSessions: number;
  totalSessions: number;
  outcomes: Record<string, number>;
}
