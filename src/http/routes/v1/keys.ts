import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, notFound } from '../../../core/errors.js';
import { KEY_MODES, SCOPES, type ApiKey, type KeyMode, type Scope } from '../../../core/domain.js';
import { grantsAll, requirePrincipal } from '../../auth.js';
import { Envelope, IdParams, Nullable, Page, Pagination, StringEnum, responses } from '../../schemas.js';
import type { V1Deps } from './deps.js';

const ScopeSchema = StringEnum(SCOPES);
const ModeSchema = StringEnum(KEY_MODES);

const KeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mode: ModeSchema,
  scopes: Type.Array(ScopeSchema),
  prefix: Type.String({ description: 'First characters of the key, to recognise it' }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time' })),
  revoked_at: Nullable(Type.String({ format: 'date-time' })),
});

const NewKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 3, uniqueItems: true })),
    mode: Type.Optional(ModeSchema),
  },
  { additionalProperties: false },
);

const PageQuery = Type.Object(Pagination, { additionalProperties: false });

const keyJson = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  mode: key.mode,
  scopes: key.scopes,
  prefix: key.prefix,
  created_at: key.createdAt,
  last_used_at: key.lastUsedAt,
  revoked_at: key.revokedAt,
});

/** What the audit log keeps of a key: never the secret (docs/security.md). */
export const keyDetail = (key: ApiKey) => ({ name: key.name, prefix: key.prefix, mode: key.mode, scopes: key.scopes.join(',') });

/** A test key sees and manages test keys only; a live key manages both (it may mint sandbox keys). */
const visibleModes = (mode: KeyMode): KeyMode[] => (mode === 'live' ? ['live', 'test'] : ['test']);

/** docs/api.md extension for a tenant's own dashboard; admin scope throughout. */
export function keyRoutes(app: FastifyInstance, deps: V1Deps): void {
  app.get<{ Querystring: Static<typeof PageQuery> }>(
    '/v1/keys',
    {
      config: { scope: 'admin' },
      schema: { summary: "List the tenant's API keys, revoked ones included", tags: ['keys'], querystring: PageQuery, response: responses(Envelope(Page(KeySchema))) },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { limit, offset } = request.query;
      // A tenant has a handful of keys: paging the visible ones here keeps the key store's interface small.
      const modes = visibleModes(principal.key!.mode);
      const visible = (await deps.keys.list(principal.tenant.id)).filter((k) => modes.includes(k.mode));
      return { success: true, data: { items: visible.slice(offset, offset + limit).map(keyJson), total: visible.length, limit, offset } };
    },
  );

  app.post<{ Body: Static<typeof NewKeyBody> }>(
    '/v1/keys',
    {
      config: { scope: 'admin' },
      schema: {
        summary: 'Create an API key; the full key is returned once',
        tags: ['keys'],
        body: NewKeyBody,
        response: responses(Envelope(Type.Object({ ...KeySchema.properties, key: Type.String({ description: 'Shown once; only its hash is stored' }) }))),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const creator = principal.key!;
      const scopes: Scope[] = request.body.scopes ?? [...SCOPES];
      const mode: KeyMode = request.body.mode ?? creator.mode;
      if (!grantsAll(creator.scopes, scopes)) throw new AppError('scope_required', 'A key cannot grant scopes its creator lacks');
      if (!visibleModes(creator.mode).includes(mode)) throw badRequest('mode: a test key can only create test keys');
      const { apiKey, secret } = await deps.keys.create({ tenantId: principal.tenant.id, name: request.body.name, scopes, mode });
      await deps.audit.recordApi(principal, { action: 'key_create', targetType: 'api_key', targetId: apiKey.id, detail: keyDetail(apiKey) });
      return { success: true, data: { ...keyJson(apiKey), key: secret } };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/keys/:id',
    {
      config: { scope: 'admin' },
      schema: { summary: 'Revoke an API key', tags: ['keys'], params: IdParams, response: responses(Envelope(KeySchema)) },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const key = await deps.keys.get(request.params.id).catch(() => undefined);
      if (!key || key.tenantId !== principal.tenant.id || !visibleModes(principal.key!.mode).includes(key.mode)) throw notFound(`key ${request.params.id}`);
      const revoked = await deps.keys.revoke(key.id);
      await deps.audit.recordApi(principal, { action: 'key_revoke', targetType: 'api_key', targetId: revoked.id, detail: keyDetail(revoked) });
      return { success: true, data: keyJson(revoked) };
    },
  );
}
