/** Endpoint registration and the delivery log, per tenant and namespace (docs/api.md). */
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { toIso } from '../../core/clock.js';
import type { Principal } from '../../core/domain.js';
import type { Delivery, DeliveryStatus, Webhook } from '../../core/webhook.js';
import { countWebhooks, deleteWebhook, findWebhook, insertWebhook, listWebhooks, type WebhookScope } from '../../store/repositories/webhooks.js';
import { findDelivery, listDeliveries, requeueFailed } from '../../store/repositories/webhooks-deliveries.js';
import type { ServiceContext } from '../context.js';
import type { Outbox } from './outbox.js';
import { FINAL_STEP } from './retry.js';
import { checkTargetUrl, TargetRefused } from './target-policy.js';
import { checkSecret, normalizeEvents, normalizeWebhookUrl } from './validation.js';

export interface NewWebhook {
  url: string;
  events: string[];
  secret: string;
}

export interface WebhookServiceOptions {
  maxEndpoints: number;
  /** webhooks.allow_private_targets: internal receivers allowed (docs/webhooks.md "Targets"). */
  allowPrivateTargets?: boolean;
}

const scopeOf = (principal: Principal): WebhookScope => ({ tenantId: principal.tenant.id, livemode: principal.livemode });

export function createWebhookService(ctx: ServiceContext, outbox: Outbox, options: WebhookServiceOptions) {
  const { store, clock, newId } = ctx;

  const endpointOf = async (principal: Principal, id: string): Promise<Webhook> => {
    const webhook = await findWebhook(store.db, scopeOf(principal), id);
    if (!webhook) throw notFound(`webhook ${id}`);
    return webhook;
  };

  return {
    /** The secret is kept so it can sign (an HMAC key cannot be hashed); it is never returned or logged. */
    async create(principal: Principal, input: NewWebhook): Promise<Webhook> {
      const url = normalizeWebhookUrl(input.url);
      try {
        checkTargetUrl(new URL(url), options.allowPrivateTargets ?? false);
      } catch (error) {
        if (error instanceof TargetRefused) throw badRequest(error.message);
        throw error;
      }
      const events = normalizeEvents(input.events);
      checkSecret(input.secret);
      const scope = scopeOf(principal);
      if ((await countWebhooks(store.db, scope)) >= options.maxEndpoints) {
        throw badRequest(`at most ${options.maxEndpoints} webhooks per tenant and mode; delete one first`);
      }
      const webhook: Webhook = { id: newId('wh'), url, events, createdAt: toIso(clock.now()) };
      await insertWebhook(store.db, scope, webhook, input.secret);
      return webhook;
    },

    list: (principal: Principal, page: { limit: number; offset: number }) => listWebhooks(store.db, scopeOf(principal), page),

    get: endpointOf,

    /** Pending deliveries go with the endpoint; one already on the wire finishes, but is not recorded. */
    async remove(principal: Principal, id: string): Promise<void> {
      if (!(await deleteWebhook(store.db, scopeOf(principal), id))) throw notFound(`webhook ${id}`);
    },

    async deliveries(principal: Principal, webhookId: string, filter: { status?: DeliveryStatus; limit: number; offset: number }) {
      await endpointOf(principal, webhookId);
      return listDeliveries(store.db, webhookId, filter);
    },

    /** One more attempt, now, for a failed delivery (issue: "retry a failed one by hand"). */
    async redeliver(principal: Principal, webhookId: string, deliveryId: string): Promise<Delivery> {
      await endpointOf(principal, webhookId);
      const delivery = await findDelivery(store.db, webhookId, deliveryId);
      if (!delivery) throw notFound(`delivery ${deliveryId}`);
      if (!(await requeueFailed(store.db, webhookId, deliveryId, toIso(clock.now()), FINAL_STEP))) {
        throw new AppError('bad_request', `delivery ${deliveryId} is ${delivery.status}; only a failed delivery can be redelivered`);
      }
      outbox.notify([webhookId]);
      return (await findDelivery(store.db, webhookId, deliveryId)) ?? delivery;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
