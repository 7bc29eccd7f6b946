import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ListEntry, ListName } from '../../../core/domain.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Nullable, Page, Pagination, StringEnum, responses } from '../../schemas.js';
import type { V1Deps } from './deps.js';

const EntrySchema = Type.Object({
  id: Type.String(),
  type: StringEnum(['domain', 'email']),
  value: Type.String(),
  note: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  recipient: Nullable(Type.String({ description: 'The one recipient the entry applies to; null: the whole tenant' })),
});

const EntryBody = Type.Object(
  {
    type: StringEnum(['domain', 'email'], { description: 'domain: the domain and its subdomains; email: one address' }),
    value: Type.String({ minLength: 1, maxLength: 320 }),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
    expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'The entry stops applying at this instant' })),
    recipient: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 320,
        description: "Apply to mail for this recipient only; a recipient's entries are consulted before the tenant-wide ones (docs/recipients.md)",
      }),
    ),
  },
  {
    additionalProperties: false,
    // Values must be real registrable hostnames or addresses: public suffixes and single labels are refused.
    examples: [
      { type: 'domain', value: 'supplier.example.com', note: 'Our accounting software vendor' },
      { type: 'email', value: 'billing@supplier.example.com', expires_at: '2030-01-01T00:00:00Z' },
    ],
  },
);

const PageQuery = Type.Object(
  {
    recipient: Type.Optional(Type.String({ minLength: 3, maxLength: 320, description: "Only this recipient's entries" })),
    scope: Type.Optional(StringEnum(['tenant', 'recipients'], { description: 'tenant: tenant-wide entries only; recipients: per-recipient entries only' })),
    ...Pagination,
  },
  { additionalProperties: false },
);

const entryJson = (entry: ListEntry) => ({
  id: entry.id,
  type: entry.type,
  value: entry.value,
  note: entry.note,
  created_at: entry.createdAt,
  expires_at: entry.expiresAt,
  recipient: entry.recipient,
});

/** POST/GET/DELETE for one list; the spec calls the allow list "whitelist" and the block list "blocklist". */
function listRoutes(app: FastifyInstance, deps: V1Deps, path: string, list: ListName, label: string): void {
  app.post<{ Body: Static<typeof EntryBody> }>(
    path,
    {
      config: { scope: 'write' },
      schema: { summary: `Add ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label} entry (idempotent)`, tags: ['lists'], body: EntryBody, response: responses(Envelope(EntrySchema)) },
    },
    async (request) => {
      const { type, value, note, expires_at, recipient } = request.body;
      const expiresAt = expires_at === undefined ? null : new Date(expires_at).toISOString();
      const principal = requirePrincipal(request);
      const { entry, created } = await deps.lists.add(principal, list, { type, value, note: note ?? null, expiresAt, recipient: recipient ?? null });
      // Posting an entry that exists changes nothing (docs/api.md): only a new entry is a change to record.
      if (created) {
        await deps.audit.recordApi(principal, {
          action: list === 'allow' ? 'allow_add' : 'block_add',
          targetType: 'list_entry',
          targetId: entry.id,
          detail: { type: entry.type, value: entry.value, note: entry.note, expires_at: entry.expiresAt, recipient: entry.recipient },
        });
      }
      return { success: true, data: entryJson(entry) };
    },
  );

  app.get<{ Querystring: Static<typeof PageQuery> }>(
    path,
    {
      config: { scope: 'read' },
      schema: { summary: `List ${label} entries in force`, tags: ['lists'], querystring: PageQuery, response: responses(Envelope(Page(EntrySchema))) },
    },
    async (request) => {
      const { limit, offset, recipient, scope } = request.query;
      const { entries, total } = await deps.lists.list(requirePrincipal(request), list, { limit, offset }, { recipient, scope });
      return { success: true, data: { items: entries.map(entryJson), total, limit, offset } };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    `${path}/:id`,
    {
      config: { scope: 'write' },
      schema: {
        summary: `Remove a ${label} entry`,
        tags: ['lists'],
        params: IdParams,
        response: responses(Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) }))),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await deps.lists.remove(principal, list, request.params.id);
      await deps.audit.recordApi(principal, { action: 'list_remove', targetType: 'list_entry', targetId: request.params.id, detail: { list } });
      return { success: true, data: { id: request.params.id, deleted: true } };
    },
  );
}

export function allowBlockRoutes(app: FastifyInstance, deps: V1Deps): void {
  listRoutes(app, deps, '/v1/whitelist', 'allow', 'allow-list');
  listRoutes(app, deps, '/v1/blocklist', 'block', 'block-list');
}
