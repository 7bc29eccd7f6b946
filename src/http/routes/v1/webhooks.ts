/** Webhook endpoints and their delivery log (docs/api.md); admin scope throughout. */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type Delivery, type Webhook } from '../../../core/webhook.js';
import type { WebhookService } from '../../../services/webhooks/endpoints.js';
import { SECRET_MAX_LENGTH, SECRET_MIN_LENGTH, URL_MAX_LENGTH } from '../../../services/webhooks/validation.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Nullable, Page, Pagination, StringEnum, responses } from '../../schemas.js';

export interface WebhookRouteDeps {
  webhooks: WebhookService;
}

const EventName = StringEnum(WEBHOOK_EVENT_TYPES);

const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(EventName),
  created_at: Type.String({ format: 'date-time' }),
});

const WebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH, description: 'http:// or https:// address receiving the POSTs; redirects are not followed' }),
    events: Type.Array(EventName, { minItems: 1, maxItems: 10, description: 'Events to receive (docs/webhooks.md)' }),
    secret: Type.String({
      minLength: SECRET_MIN_LENGTH,
      maxLength: SECRET_MAX_LENGTH,
      description: 'Signing secret (HMAC-SHA256 key), 16 to 256 characters without control characters; never returned',
    }),
  },
  { additionalProperties: false, examples: [{ url: 'https://hooks.example.com/phishgate', events: ['analysis.phishing_detected'], secret: 'a-long-random-signing-secret' }] },
);

const AttemptSchema = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  attempted_at: Type.String({ format: 'date-time' }),
  duration_ms: Type.Integer({ minimum: 0 }),
  succeeded: Type.Boolean(),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String({ description: 'Network, TLS, timeout or redirect problem, or the HTTP status described' })),
  response_excerpt: Nullable(Type.String({ description: "First bytes of the receiver's response body" })),
});

const DeliverySchema = Type.Object({
  id: Type.String(),
  webhook_id: Type.String(),
  event_id: Type.String({ description: 'Also sent as X-Service-Event-Id' }),
  event_type: EventName,
  analysis_id: Type.String(),
  status: StringEnum(DELIVERY_STATUSES),
  attempt_count: Type.Integer({ minimum: 0 }),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  completed_at: Nullable(Type.String({ format: 'date-time' })),
  attempts: Type.Array(AttemptSchema),
});

const PageQuery = Type.Object(Pagination, { additionalProperties: false });
const DeliveriesQuery = Type.Object({ status: Type.Optional(StringEnum(DELIVERY_STATUSES)), ...Pagination }, { additionalProperties: false });
const DeliveryParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 128 }), delivery_id: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);

const webhookJson = (webhook: Webhook) => ({ id: webhook.id, url: webhook.url, events: webhook.events, created_at: webhook.createdAt });

const deliveryJson = (delivery: Delivery) => ({
  id: delivery.id,
  webhook_id: delivery.webhookId,
  event_id: delivery.eventId,
  event_type: delivery.eventType,
  analysis_id: delivery.analysisId,
  status: delivery.status,
  attempt_count: delivery.attemptCount,
  next_attempt_at: delivery.nextAttemptAt,
  created_at: delivery.createdAt,
  completed_at: delivery.completedAt,
  attempts: delivery.attempts.map((attempt) => ({
    attempt: attempt.attempt,
    attempted_at: attempt.startedAt,
    duration_ms: attempt.durationMs,
    succeeded: attempt.succeeded,
    status_code: attempt.statusCode,
    error: attempt.error,
    response_excerpt: attempt.responseExcerpt,
  })),
});

const admin = { scope: 'admin' as const };
const tags = ['webhooks'];

export function webhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps): void {
  app.post<{ Body: Static<typeof WebhookBody> }>(
    '/v1/webhooks',
    { config: admin, schema: { summary: 'Register a webhook endpoint', tags, body: WebhookBody, response: responses(Envelope(WebhookSchema)) } },
    async (request) => ({ success: true, data: webhookJson(await deps.webhooks.create(requirePrincipal(request), request.body)) }),
  );

  app.get<{ Querystring: Static<typeof PageQuery> }>(
    '/v1/webhooks',
    { config: admin, schema: { summary: 'List webhook endpoints, newest first', tags, querystring: PageQuery, response: responses(Envelope(Page(WebhookSchema))) } },
    async (request) => {
      const { limit, offset } = request.query;
      const { webhooks, total } = await deps.webhooks.list(requirePrincipal(request), { limit, offset });
      return { success: true, data: { items: webhooks.map(webhookJson), total, limit, offset } };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/webhooks/:id',
    { config: admin, schema: { summary: 'Fetch a webhook endpoint', tags, params: IdParams, response: responses(Envelope(WebhookSchema)) } },
    async (request) => ({ success: true, data: webhookJson(await deps.webhooks.get(requirePrincipal(request), request.params.id)) }),
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/webhooks/:id',
    {
      config: admin,
      schema: {
        summary: 'Delete a webhook endpoint and its pending deliveries',
        tags,
        params: IdParams,
        response: responses(Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) }))),
      },
    },
    async (request) => {
      await deps.webhooks.remove(requirePrincipal(request), request.params.id);
      return { success: true, data: { id: request.params.id, deleted: true } };
    },
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof DeliveriesQuery> }>(
    '/v1/webhooks/:id/deliveries',
    {
      config: admin,
      schema: {
        summary: 'Deliveries of an endpoint with every attempt, newest first',
        tags,
        params: IdParams,
        querystring: DeliveriesQuery,
        response: responses(Envelope(Page(DeliverySchema))),
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const { deliveries, total } = await deps.webhooks.deliveries(requirePrincipal(request), request.params.id, { status, limit, offset });
      return { success: true, data: { items: deliveries.map(deliveryJson), total, limit, offset } };
    },
  );

  app.post<{ Params: Static<typeof DeliveryParams> }>(
    '/v1/webhooks/:id/deliveries/:delivery_id/redeliver',
    {
      config: admin,
      schema: {
        summary: 'Try a failed delivery once more, now',
        tags,
        params: DeliveryParams,
        response: responses(Envelope(DeliverySchema)),
      },
    },
    async (request) => {
      const delivery = await deps.webhooks.redeliver(requirePrincipal(request), request.params.id, request.params.delivery_id);
      return { success: true, data: deliveryJson(delivery) };
    },
  );
}
