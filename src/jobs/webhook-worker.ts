/**
 * Webhook delivery worker (docs/operations.md), started by `serve`. It keeps a set of endpoints believed to have
 * due deliveries (told by the outbox after each commit, and found by a periodic look-around for retries
 * and other processes' work), and for each one claims at most as many deliveries as it has free slots.
 * So a slow or dead receiver holds at most `perEndpointConcurrency` slots, endpoints are served in turn,
 * and no database transaction is ever open across an HTTP call.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';
import type { AttemptOutcome, ClaimedDelivery, Outbox, SettleResult } from '../services/webhooks/outbox.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../services/webhooks/signature.js';
import { coalesced, poller } from './job-loop.js';
import { systemLookup, type HostLookup } from '../services/webhooks/target-policy.js';
import { createWebhookAgents, postWebhook, type PostResult } from './webhook-http.js';

export interface WebhookWorkerOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  perEndpointConcurrency: number;
  globalConcurrency: number;
  pollIntervalMs: number;
  /** Sent as `User-Agent: phishgate/<version> (webhooks)`. */
  version: string;
  /** webhooks.allow_private_targets (docs/webhooks.md "Targets"). */
  allowPrivateTargets: boolean;
  /** Resolves receivers' host names; the system resolver unless injected (tests use a stub). */
  lookup?: HostLookup;
}

export interface WebhookWorkerDeps extends WebhookWorkerOptions {
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  /** Called after each recorded attempt (metrics: deliveries by outcome). */
  onAttempt?: (result: SettleResult, outcome: AttemptOutcome) => void;
}

export interface WebhookWorker {
  start(): void;
  /**
   * Stops claiming and waits for attempts on the wire (each bounded by the timeout) to be recorded; after
   * `graceMs`, if given, their connections are cut (recorded as failed attempts, retried later).
   */
  stop(graceMs?: number): Promise<void>;
  /** When the worker last looked for due deliveries (ms since epoch, on the injected clock). */
  lastPollAt(): number;
  /** Delivers everything due now, retries that come due meanwhile included; for tests and the benchmark. */
  drain(): Promise<void>;
}

const DISCOVERY_LIMIT = 1000;

export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const { outbox, clock, logger } = deps;
  const agents = createWebhookAgents();
  const userAgent = `phishgate/${deps.version} (webhooks)`;
  const targets = { allowPrivate: deps.allowPrivateTargets, lookup: deps.lookup ?? systemLookup };
  // Insertion order is the turn order: an endpoint that was just served goes to the back.
  const active = new Set<string>();
  const busy = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let inFlight = 0;
  let stopped = false;
  let started = false;
  let unsubscribe: (() => void) | null = null;

  async function attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const startedAtMs = clock.now();
    const t0 = performance.now();
    let result: PostResult;
    try {
      result = await postWebhook(
        delivery.url,
        delivery.payload,
        {
          'Content-Type': 'application/json',
          'User-Agent': userAgent,
          [EVENT_ID_HEADER]: delivery.eventId,
          // Signed now, per attempt: receivers reject timestamps older than 5 minutes.
          [SIGNATURE_HEADER]: signatureHeader(delivery.secret, delivery.payload, clock.now()),
        },
        { timeoutMs: deps.timeoutMs, maxResponseBytes: deps.maxResponseBytes, agents, targets },
      );
    } catch (error) {
      // Only a URL that no longer parses gets here; it is still an attempt, never a crash.
      result = { succeeded: false, statusCode: null, error: `request not sent: ${(error as Error).message}`.slice(0, 300), responseExcerpt: null };
    }
    return { ...result, startedAtMs, durationMs: performance.now() - t0 };
  }

  function launch(delivery: ClaimedDelivery, token: string): void {
    inFlight += 1;
    busy.set(delivery.webhookId, (busy.get(delivery.webhookId) ?? 0) + 1);
    const task = (async () => {
      const outcome = await attempt(delivery);
      try {
        const result = await outbox.settle(delivery, token, outcome);
        deps.onAttempt?.(result, outcome);
        const log = { delivery: delivery.id, webhook: delivery.webhookId, event: delivery.eventId, status: outcome.statusCode, error: outcome.error, result };
        if (result === 'failed') logger.warn(log, 'webhook delivery failed for good');
        else logger.debug(log, 'webhook attempt recorded');
      } catch (error) {
        // The store is unreachable: the lease runs out and the delivery is tried again later.
        logger.error({ err: error, delivery: delivery.id }, 'could not record a webhook attempt');
      }
    })().finally(() => {
      inFlight -= 1;
      const left = (busy.get(delivery.webhookId) ?? 1) - 1;
      if (left > 0) busy.set(delivery.webhookId, left);
      else busy.delete(delivery.webhookId);
      running.delete(task);
      if (!stopped) void pump.trigger();
    });
    running.add(task);
  }

  async function pumpOnce(): Promise<void> {
    for (const webhookId of [...active]) {
      const globalFree = deps.globalConcurrency - inFlight;
      if (stopped || globalFree <= 0) return;
      const free = Math.min(globalFree, deps.perEndpointConcurrency - (busy.get(webhookId) ?? 0));
      if (free <= 0) continue;
      const claim = await outbox.claim(webhookId, free);
      active.delete(webhookId);
      // Fewer than asked: nothing more is due there now; otherwise it waits for its next turn at the back.
      if (claim.deliveries.length === free) active.add(webhookId);
      for (const delivery of claim.deliveries) launch(delivery, claim.token);
    }
  }

  const pump = coalesced(pumpOnce, (error) => logger.error({ err: error }, 'webhook worker could not claim deliveries'));

  async function discover(): Promise<void> {
    for (const id of await outbox.dueEndpoints(DISCOVERY_LIMIT)) active.add(id);
  }

  /** Last time a poll reached the store: readiness reports a worker that stopped looking. */
  let lastPollAt = deps.clock.now();
  const poll = poller(deps.pollIntervalMs, () =>
    discover()
      .then(() => {
        lastPollAt = deps.clock.now();
        return pump.trigger();
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'webhook worker could not look for due deliveries')),
  );

  return {
    lastPollAt: () => lastPollAt,
    start() {
      if (started) return;
      started = true;
      unsubscribe = outbox.onQueued((webhookIds) => {
        for (const id of webhookIds) active.add(id);
        // After the current turn: the request that committed the analysis answers before we claim.
        setImmediate(() => void pump.trigger());
      });
      // The first look is immediate: deliveries left by a previous run (or a crash) go out at once.
      poll.start();
    },

    async stop(graceMs) {
      stopped = true;
      unsubscribe?.();
      poll.stop();
      await pump.idle();
      let timer: NodeJS.Timeout | undefined;
      if (graceMs !== undefined) timer = setTimeout(() => agents.destroy(), graceMs);
      await Promise.all([...running]);
      clearTimeout(timer);
      agents.destroy();
    },

    async drain() {
      for (;;) {
        await discover();
        await pump.trigger();
        // Completions keep claiming for endpoints still marked active; wait until that pipeline runs dry.
        while (running.size > 0) {
          await Promise.all([...running]);
          await pump.idle();
        }
        if ((await outbox.dueEndpoints(1)).length === 0) return;
      }
    },
  };
}
