import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, type AuditEntry, type AuditService } from '../../../services/console/audit.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, Page, Pagination, StringEnum, responses } from '../../schemas.js';

export interface AuditRouteDeps {
  audit: AuditService;
}

const AuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    action: StringEnum(AUDIT_ACTIONS, { description: 'What was done through the console' }),
    target_type: Type.String({ description: 'quarantine, analysis, list_entry, webhook_delivery, session or tenant' }),
    target_id: Type.String({ description: 'Id of the message, analysis, entry or delivery acted on' }),
    actor_key_id: Type.String({ description: 'The API key the console session was opened with' }),
    actor_name: Type.String({ description: "That key's name and prefix at the time" }),
    operator: Type.Boolean({ description: 'The actor was an operator (config console.operator_keys) acting for this tenant' }),
    detail: Type.Record(Type.String(), Type.String(), { description: 'Short facts: subject, sender, list value, label, reply' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AuditEntry' },
);

const ListQuery = Type.Object(
  {
    action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
    target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only entries about this message, analysis or entry' })),
    ...Pagination,
  },
  { additionalProperties: false },
);

export const auditJson = (e: AuditEntry) => ({
  id: e.id,
  action: e.action,
  target_type: e.targetType,
  target_id: e.targetId,
  actor_key_id: e.actorKeyId,
  actor_name: e.actorName,
  operator: e.operator,
  detail: e.detail,
  created_at: e.createdAt,
});

/** The console's audit log through the API (docs/console.md, "Audit log"). */
export function auditRoutes(app: FastifyInstance, deps: AuditRouteDeps): void {
  app.addSchema(AuditEntrySchema);
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/audit',
    {
      config: { scope: 'admin' },
      schema: {
        summary: 'Actions people took in the web console for this tenant and mode (who did what to which message), newest first',
        tags: ['audit'],
        querystring: ListQuery,
        response: responses(Envelope(Page(Type.Ref('AuditEntry')))),
      },
    },
    async (request) => {
      const { action, target_id, limit, offset } = request.query;
      const page = await deps.audit.list(requirePrincipal(request), { action, targetId: target_id, limit, offset });
      return { success: true, data: { items: page.entries.map(auditJson), total: page.total, limit, offset } };
    },
  );
}
