import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, AUDIT_VIA, type AuditEntry, type AuditService } from '../../../services/console/audit.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, Page, Pagination, StringEnum, responses } from '../../schemas.js';

export interface AuditRouteDeps {
  audit: AuditService;
}

const AuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    action: StringEnum(AUDIT_ACTIONS, { description: 'What was done' }),
    via: StringEnum(AUDIT_VIA, { description: 'Where it was done: the web console, the REST API or the phishgate command line' }),
    target_type: Type.String({ description: 'quarantine, analysis, list_entry, api_key, webhook_delivery, session or tenant' }),
    target_id: Type.String({ description: 'Id of the message, analysis, entry, key or delivery acted on' }),
    actor_key_id: Type.String({ description: 'The API key that acted (the console session was opened with it, or the REST call carried it); "cli" for the command line' }),
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
    target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only entries about this message, analysis, entry or key' })),
    via: Type.Optional(StringEnum(AUDIT_VIA, { description: 'Only actions taken there' })),
    ...Pagination,
  },
  { additionalProperties: false },
);

export const auditJson = (e: AuditEntry) => ({
  id: e.id,
  action: e.action,
  via: e.via,
  target_type: e.targetType,
  target_id: e.targetId,
  actor_key_id: e.actorKeyId,
  actor_name: e.actorName,
  operator: e.operator,
  detail: e.detail,
  created_at: e.createdAt,
});

/** The audit log through the API (docs/console.md, "Audit log"). */
export function auditRoutes(app: FastifyInstance, deps: AuditRouteDeps): void {
  app.addSchema(AuditEntrySchema);
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/audit',
    {
      config: { scope: 'admin' },
      schema: {
        summary: 'Actions taken for this tenant and mode in the web console, through the REST API and with the command line (who did what to which message, entry or key), newest first',
        tags: ['audit'],
        querystring: ListQuery,
        response: responses(Envelope(Page(Type.Ref('AuditEntry')))),
      },
    },
    async (request) => {
      const { action, target_id, via, limit, offset } = request.query;
      const page = await deps.audit.list(requirePrincipal(request), { action, targetId: target_id, via, limit, offset });
      return { success: true, data: { items: page.entries.map(auditJson), total: page.total, limit, offset } };
    },
  );
}
