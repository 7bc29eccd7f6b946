/**
 * The transactional outbox (docs/webhooks.md): event and delivery rows are written by a hook
 * inside the transaction that stores the analysis, so both commit or neither does; after commit the
 * worker is told which endpoints have new work. The worker claims and settles through here, so it never
 * touches the store itself (architecture: only services do).
 */
import type { Kysely } from 'kysely';
import { toIso } from '../../core/clock.js';
import type { Principal } from '../../core/domain.js';
import type { Database, WebhookDeliveriesTable, WebhookEventsTable } from '../../store/schema.js';
import { subscribersOf } from '../../store/repositories/webhooks.js';
import {
  claimDueDeliveries,
  endpointsWithDueDeliveries,
  insertOutbox,
  releaseClaims,
  settleDelivery,
  type ClaimedDelivery,
} from '../../store/repositories/webhooks-outbox.js';
import type { StoredAnalysis } from '../analysis-record.js';
import type { ServiceContext } from '../context.js';
import { customEventBody, eventBody, eventTypesFor } from './events.js';
import { inTransaction as inStoreTransaction } from '../../store/transaction.js';
import type { WebhookEventType } from '../../core/webhook.js';
import { nextRetry, type RetryPolicy } from './retry.js';

export interface OutboxOptions {
  retry: RetryPolicy;
  /** How long a claim is held before another worker may take it over (a crashed worker's claims return). */
  leaseMs: number;
}

/** What one POST produced; the worker measures, the outbox records and decides what comes next. */
export interface AttemptOutcome {
  startedAtMs: number;
  durationMs: number;
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export type SettleResult = 'succeeded' | 'retrying' | 'failed' | 'lost';

export interface Claim {
  token: string;
  deliveries: ClaimedDelivery[];
}

export type { ClaimedDelivery };

type Subscriber = Awaited<ReturnType<typeof subscribersOf>>[number];

const deliveryRow = (id: string, webhookId: string, eventId: string, now: string): WebhookDeliveriesTable => ({
  id,
  webhook_id: webhookId,
  event_id: eventId,
  status: 'pending',
  attempt_count: 0,
  retry_step: 0,
  next_attempt_at: now,
  locked_until: null,
  lock_token: null,
  last_status_code: null,
  last_error: null,
  created_at: now,
  updated_at: now,
  completed_at: null,
});

export function createOutbox(ctx: ServiceContext, options: OutboxOptions) {
  const { store, clock, newId } = ctx;
  const listeners = new Set<(webhookIds: string[]) => void>();
  // Endpoints that got deliveries in a transaction not yet committed, keyed by the very object the analysis
  // service hands to both hooks; a rolled-back transaction leaves nothing behind (WeakMap).
  const uncommitted = new WeakMap<StoredAnalysis, string[]>();

  // A group commit (store/group-commit.ts) stores many analyses of a tenant in one transaction; each of them
  // reads the endpoints once per transaction instead of once per analysis (a round trip on PostgreSQL). An
  // endpoint committed meanwhile by another transaction is missed as a lone analysis that had read the
  // endpoints a moment earlier would have missed it.
  const subscribersIn = new WeakMap<Kysely<Database>, Map<string, Subscriber[]>>();
  async function subscribersWithin(trx: Kysely<Database>, principal: Principal): Promise<Subscriber[]> {
    const key = `${principal.tenant.id}\0${principal.livemode}`;
    let known = subscribersIn.get(trx);
    const cached = known?.get(key);
    if (cached) return cached;
    const subscribers = await subscribersOf(trx, { tenantId: principal.tenant.id, livemode: principal.livemode });
    if (!known) subscribersIn.set(trx, (known = new Map()));
    known.set(key, subscribers);
    return subscribers;
  }

  const notify = (webhookIds: string[]): void => {
    for (const listener of listeners) listener(webhookIds);
  };

  return {
    /** InTransactionHook: one event per type with subscribers, one delivery per subscribed endpoint. */
    async inTransaction(trx: Kysely<Database>, analysis: StoredAnalysis, principal: Principal): Promise<void> {
      if (analysis.status === 'queued') return;
      const subscribers = await subscribersWithin(trx, principal);
      if (!subscribers.length) return;
      const now = toIso(clock.now());
      const events: WebhookEventsTable[] = [];
      const deliveries: WebhookDeliveriesTable[] = [];
      for (const type of eventTypesFor(analysis)) {
        const targets = subscribers.filter((endpoint) => endpoint.events.includes(type));
        if (!targets.length) continue;
        const id = newId('evt');
        events.push({ id, analysis_id: analysis.analysis_id, type, payload: eventBody(id, type, now, analysis), created_at: now });
        for (const target of targets) deliveries.push(deliveryRow(newId('whd'), target.id, id, now));
      }
      await insertOutbox(trx, events, deliveries);
      if (deliveries.length) uncommitted.set(analysis, [...new Set(deliveries.map((d) => d.webhook_id))]);
    },

    /**
     * An event of its own about an analysis (`report.received`), written in its own transaction and
     * delivered, signed and retried like the analysis events.
     */
    async publish(principal: Principal, type: WebhookEventType, analysisId: string, data: Record<string, unknown>): Promise<void> {
      const webhookIds = await inStoreTransaction(store, async (trx) => {
        const targets = (await subscribersOf(trx, { tenantId: principal.tenant.id, livemode: principal.livemode })).filter((endpoint) => endpoint.events.includes(type));
        if (!targets.length) return [];
        const now = toIso(clock.now());
        const id = newId('evt');
        const deliveries = targets.map((target) => deliveryRow(newId('whd'), target.id, id, now));
        await insertOutbox(trx, [{ id, analysis_id: analysisId, type, payload: customEventBody(id, type, now, principal.livemode, data), created_at: now }], deliveries);
        return [...new Set(targets.map((t) => t.id))];
      });
      if (webhookIds.length) notify(webhookIds);
    },

    /** AfterCommitHook: wakes the worker for exactly the endpoints that have new deliveries. */
    afterCommit(analysis: StoredAnalysis): void {
      const webhookIds = uncommitted.get(analysis);
      if (!webhookIds) return;
      uncommitted.delete(analysis);
      notify(webhookIds);
    },

    /** The worker subscribes here; returns the unsubscribe function. */
    onQueued(listener: (webhookIds: string[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    notify,

    dueEndpoints(limit: number): Promise<string[]> {
      return endpointsWithDueDeliveries(store.db, toIso(clock.now()), limit);
    },

    /** Deliveries not yet settled: the queue depth shown in /metrics. */
    async pendingCount(): Promise<number> {
      const row = await ctx.store.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async claim(webhookId: string, limit: number): Promise<Claim> {
      const now = clock.now();
      const token = newId('lease');
      const deliveries = await claimDueDeliveries(store.db, store.dialect, {
        webhookId,
        now: toIso(now),
        leaseUntil: toIso(now + options.leaseMs),
        token,
        limit,
      });
      return { token, deliveries };
    },

    async settle(delivery: ClaimedDelivery, token: string, outcome: AttemptOutcome): Promise<SettleResult> {
      const now = clock.now();
      const retry = outcome.succeeded ? null : nextRetry(options.retry, delivery.retryStep, now);
      const status = outcome.succeeded ? 'succeeded' : retry ? 'pending' : 'failed';
      const settled = await settleDelivery(store.db, store.dialect, {
        deliveryId: delivery.id,
        token,
        now: toIso(now),
        status,
        nextAttemptAt: retry ? toIso(retry.at) : null,
        retryStep: retry ? retry.retryStep : delivery.retryStep,
        attempt: {
          id: newId('wha'),
          delivery_id: delivery.id,
          attempt: delivery.attemptCount + 1,
          started_at: toIso(outcome.startedAtMs),
          duration_ms: Math.max(0, Math.round(outcome.durationMs)),
          succeeded: outcome.succeeded ? 1 : 0,
          status_code: outcome.statusCode,
          error: outcome.error,
          response_excerpt: outcome.responseExcerpt,
        },
      });
      if (!settled) return 'lost';
      return status === 'pending' ? 'retrying' : status;
    },

    release: (ids: string[], token: string): Promise<void> => releaseClaims(store.db, ids, token),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
