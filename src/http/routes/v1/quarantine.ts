import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../../core/clock.js';
import { AppError, badRequest } from '../../../core/errors.js';
import type { AuditService } from '../../../services/console/audit.js';
import type { QuarantineEntry, QuarantineService, ReleaseDelivery } from '../../../services/quarantine.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Nullable, Page, Pagination, StringEnum, VerdictSchema, responses } from '../../schemas.js';

export interface QuarantineRouteDeps {
  quarantine: QuarantineService;
  /** Releases and deletions are recorded here, with the calling key (docs/console.md, "Audit log"). */
  audit: AuditService;
  /** Re-injection to the next hop (the SMTP relay); without it a release answers 503. */
  releaseDelivery?: ReleaseDelivery | null;
}

const EntrySchema = Type.Object(
  {
    id: Type.String(),
    analysis_id: Type.String({ description: "This tenant's analysis of the message (GET /v1/analyses/:id)" }),
    source: StringEnum(['smtp', 'milter']),
    verdict: VerdictSchema,
    score: Type.Number({ minimum: 0, maximum: 1 }),
    reasons: Type.Array(Type.String()),
    mail_from: Type.String({ description: 'Envelope sender (MAIL FROM); empty for the null sender' }),
    rcpt_to: Type.Array(Type.String(), { description: "This tenant's envelope recipients; a release delivers to these" }),
    subject: Type.String(),
    from: Type.String({ description: 'The From header: display name and address ("PayPal <x@example.com>")' }),
    size: Type.Integer({ description: 'Bytes of the message as received' }),
    client_address: Nullable(Type.String()),
    client_helo: Nullable(Type.String()),
    queue_id: Nullable(Type.String({ description: "The MTA's queue id, when it told (XFORWARD IDENT, milter macro i)" })),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time', description: 'When retention deletes it (gateway.quarantine_days)' }),
    released_at: Nullable(Type.String({ format: 'date-time' })),
    released_by: Nullable(Type.String({ description: 'Who released it: API key id, console user, or the recipient (self-service link)' })),
    release_reply: Nullable(Type.String({ description: "The next hop's reply to the release" })),
  },
  { $id: 'QuarantinedMessage' },
);

const ListQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'Quarantined on or after this UTC date' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Quarantined on or before this UTC date' })),
    verdict: Type.Optional(VerdictSchema),
    source: Type.Optional(StringEnum(['smtp', 'milter'])),
    released: Type.Optional(Type.Boolean({ description: 'true: released ones only; false: still held only' })),
    ...Pagination,
  },
  { additionalProperties: false },
);

const ReleaseBody = Type.Union(
  [
    Type.Object(
      {
        feedback: Type.Optional(
          StringEnum(['ham', 'phishing', 'none'], { description: 'Feedback the release records on the analysis: ham (default: released because legitimate), phishing (released anyway), none' }),
        ),
        note: Type.Optional(Type.String({ maxLength: 1000, description: 'Note kept with the feedback' })),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: 'Optional; without a body the release records "ham" feedback' },
);

export function quarantineRoutes(app: FastifyInstance, deps: QuarantineRouteDeps): void {
  const { quarantine } = deps;
  app.addSchema(EntrySchema);
  const entryJson = (entry: QuarantineEntry) => ({
    id: entry.id,
    analysis_id: entry.analysisId,
    source: entry.source,
    verdict: entry.verdict,
    score: entry.score,
    reasons: entry.reasons,
    mail_from: entry.mailFrom,
    rcpt_to: entry.rcptTo,
    subject: entry.subject,
    from: entry.from,
    size: entry.size,
    client_address: entry.clientAddress,
    client_helo: entry.clientHelo,
    queue_id: entry.queueId,
    created_at: entry.createdAt,
    expires_at: quarantine.expiresAt(entry),
    released_at: entry.releasedAt,
    released_by: entry.releasedBy,
    release_reply: entry.releaseReply,
  });
  const Entry = Type.Ref('QuarantinedMessage');

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/quarantine',
    {
      config: { scope: 'read' },
      schema: { summary: "List the tenant's quarantined messages, newest first", tags: ['quarantine'], querystring: ListQuery, response: responses(Envelope(Page(Entry))) },
    },
    async (request) => {
      const { from, to, verdict, source, released, limit, offset } = request.query;
      if (from && to && to < from) throw badRequest('to: must not be before from');
      const page = await quarantine.list(requirePrincipal(request), {
        from: from ? `${from}T00:00:00.000Z` : undefined,
        before: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
        verdict,
        source,
        released,
        limit,
        offset,
      });
      return { success: true, data: { items: page.entries.map(entryJson), total: page.total, limit, offset } };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/quarantine/:id',
    {
      config: { scope: 'read' },
      schema: { summary: "A quarantined message's metadata", tags: ['quarantine'], params: IdParams, response: responses(Envelope(Entry)) },
    },
    async (request) => ({ success: true, data: entryJson(await quarantine.get(requirePrincipal(request), request.params.id)) }),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/quarantine/:id/raw',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'The quarantined message exactly as received (message/rfc822)',
        tags: ['quarantine'],
        params: IdParams,
        produces: ['message/rfc822'],
        response: responses(Type.String({ format: 'binary', description: 'RFC 822 message bytes' })),
      },
    },
    async (request, reply) => {
      const bytes = await quarantine.raw(requirePrincipal(request), request.params.id);
      return reply.type('message/rfc822').header('Content-Disposition', `attachment; filename="${request.params.id}.eml"`).send(bytes);
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof ReleaseBody> }>(
    '/v1/quarantine/:id/release',
    {
      config: { scope: 'write' },
      schema: {
        summary: "Re-inject the message to this tenant's recipients, tagged; once only (a second release: 400). Records \"ham\" feedback unless the body says otherwise",
        tags: ['quarantine'],
        params: IdParams,
        body: ReleaseBody,
        response: responses(Envelope(Entry)),
      },
    },
    async (request) => {
      if (!deps.releaseDelivery) throw new AppError('service_unavailable', 'no next hop configured for releases');
      const principal = requirePrincipal(request);
      const feedback = request.body?.feedback ?? 'ham';
      const entry = await quarantine.release(principal, request.params.id, deps.releaseDelivery, { feedback, note: request.body?.note ?? null });
      await deps.audit.recordApi(principal, {
        action: 'release',
        targetType: 'quarantine',
        targetId: entry.id,
        detail: { subject: entry.subject, from: entry.from, reply: entry.releaseReply, feedback },
      });
      request.log.info({ quarantine: entry.id, releasedBy: entry.releasedBy }, 'quarantined message released');
      return { success: true, data: entryJson(entry) };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/quarantine/:id',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Delete a quarantined message',
        tags: ['quarantine'],
        params: IdParams,
        response: responses(Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) }))),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      // Read first: the log names what was deleted, as the console's does.
      const entry = await quarantine.get(principal, request.params.id);
      await quarantine.remove(principal, entry.id);
      await deps.audit.recordApi(principal, { action: 'delete', targetType: 'quarantine', targetId: entry.id, detail: { subject: entry.subject, from: entry.from } });
      return { success: true, data: { id: request.params.id, deleted: true } };
    },
  );
}
