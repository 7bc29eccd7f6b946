/** Feedback on analyses (docs/recipients.md): label one analysis, list the labels. */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../../core/clock.js';
import { badRequest } from '../../../core/errors.js';
import { FEEDBACK_LABELS, FEEDBACK_SOURCES, type Feedback, type FeedbackService } from '../../../services/feedback.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Nullable, Page, Pagination, StringEnum, VerdictSchema, responses } from '../../schemas.js';

export interface FeedbackRouteDeps {
  feedback: FeedbackService;
}

export const FeedbackLabelSchema = StringEnum(FEEDBACK_LABELS, { description: 'phishing: it is phishing (or scam); ham: it is legitimate mail' });

const FeedbackSchema = Type.Object(
  {
    id: Type.String(),
    analysis_id: Type.String(),
    label: FeedbackLabelSchema,
    note: Nullable(Type.String()),
    source: StringEnum(FEEDBACK_SOURCES, { description: 'api, console, release (from quarantine), self_service (a recipient\'s link), report (a user report)' }),
    actor: Nullable(Type.String({ description: 'API key id, console user, or the address of the recipient or reporter' })),
    verdict: Nullable(VerdictSchema),
    subject: Type.String(),
    from: Type.String(),
    message_kept: Type.Boolean({ description: 'The message itself is kept with the label (tenant training)' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time', description: 'Last change: a new label replaces the previous one' }),
  },
  { $id: 'Feedback' },
);

const FeedbackBody = Type.Object(
  {
    label: FeedbackLabelSchema,
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

const ListQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'Last changed on or after this UTC date' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Last changed on or before this UTC date' })),
    label: Type.Optional(FeedbackLabelSchema),
    source: Type.Optional(StringEnum(FEEDBACK_SOURCES)),
    verdict: Type.Optional(VerdictSchema),
    analysis_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    ...Pagination,
  },
  { additionalProperties: false },
);

export const feedbackJson = (f: Feedback) => ({
  id: f.id,
  analysis_id: f.analysisId,
  label: f.label,
  note: f.note,
  source: f.source,
  actor: f.actor,
  verdict: f.verdict,
  subject: f.subject,
  from: f.from,
  message_kept: f.messageSize !== null,
  created_at: f.createdAt,
  updated_at: f.updatedAt,
});

export function feedbackRoutes(app: FastifyInstance, deps: FeedbackRouteDeps): void {
  app.addSchema(FeedbackSchema);
  const Entry = Type.Ref('Feedback');

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof FeedbackBody> }>(
    '/v1/analyses/:id/feedback',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Label an analysis as phishing or legitimate; a new label replaces the previous one',
        tags: ['feedback'],
        params: IdParams,
        body: FeedbackBody,
        response: responses(Envelope(Entry)),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { feedback } = await deps.feedback.recordFeedback(principal, request.params.id, request.body.label, request.body.note ?? null, {
        source: 'api',
        id: principal.key?.id ?? null,
      });
      return { success: true, data: feedbackJson(feedback) };
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/feedback',
    {
      config: { scope: 'read' },
      schema: { summary: "List the tenant's feedback, most recently changed first", tags: ['feedback'], querystring: ListQuery, response: responses(Envelope(Page(Entry))) },
    },
    async (request) => {
      const { from, to, label, source, verdict, analysis_id, limit, offset } = request.query;
      if (from && to && to < from) throw badRequest('to: must not be before from');
      const page = await deps.feedback.list(requirePrincipal(request), {
        from: from ? `${from}T00:00:00.000Z` : undefined,
        before: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
        label,
        source,
        verdict,
        analysisId: analysis_id,
        limit,
        offset,
      });
      return { success: true, data: { items: page.items.map(feedbackJson), total: page.total, limit, offset } };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/feedback/:id',
    {
      config: { scope: 'read' },
      schema: { summary: 'One feedback entry', tags: ['feedback'], params: IdParams, response: responses(Envelope(Entry)) },
    },
    async (request) => ({ success: true, data: feedbackJson(await deps.feedback.get(requirePrincipal(request), request.params.id)) }),
  );
}
