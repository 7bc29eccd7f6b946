/** Quarantine digest settings and each recipient's own choice of frequency (docs/recipients.md). */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DIGEST_LANGUAGES } from '../../../services/digests/i18n.js';
import { DIGEST_FREQUENCIES } from '../../../services/digests/schedule.js';
import type { DigestPreference, DigestService } from '../../../services/digests/service.js';
import { requirePrincipal } from '../../auth.js';
import { Envelope, Nullable, Page, Pagination, StringEnum, responses } from '../../schemas.js';

export interface DigestRouteDeps {
  digests: DigestService;
}

const Frequency = StringEnum(DIGEST_FREQUENCIES, { description: 'never, hourly, daily (at `hour`) or weekly (on `weekday` at `hour`)' });

const SettingsSchema = Type.Object({
  frequency: Frequency,
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' }),
  time_zone: Type.String(),
  language: StringEnum(DIGEST_LANGUAGES),
  admin_addresses: Type.Array(Type.String()),
  admin_frequency: Frequency,
});

const PreferenceSchema = Type.Object({
  recipient: Type.String(),
  frequency: Frequency,
  hour: Nullable(Type.Integer({ minimum: 0, maximum: 23, description: "null: the tenant's hour" })),
  weekday: Nullable(Type.Integer({ minimum: 0, maximum: 6 })),
  time_zone: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const PreferenceBody = Type.Object(
  {
    frequency: Frequency,
    hour: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 23 }))),
    weekday: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 6 }))),
    time_zone: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Paris' }))),
  },
  { additionalProperties: false },
);

const RecipientParams = Type.Object({ recipient: Type.String({ minLength: 3, maxLength: 320 }) }, { additionalProperties: false });
const PageQuery = Type.Object(Pagination, { additionalProperties: false });

const preferenceJson = (p: DigestPreference) => ({
  recipient: p.recipient,
  frequency: p.frequency,
  hour: p.hour,
  weekday: p.weekday,
  time_zone: p.timeZone,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

const tags = ['digests'];

export function digestRoutes(app: FastifyInstance, deps: DigestRouteDeps): void {
  app.get(
    '/v1/digests/settings',
    { config: { scope: 'read' }, schema: { summary: "The tenant's quarantine digest settings (from the configuration)", tags, response: responses(Envelope(SettingsSchema)) } },
    async (request) => {
      const s = deps.digests.settings(requirePrincipal(request));
      return {
        success: true,
        data: { frequency: s.frequency, hour: s.hour, weekday: s.weekday, time_zone: s.timeZone, language: s.language, admin_addresses: s.adminAddresses, admin_frequency: s.adminFrequency },
      };
    },
  );

  app.get<{ Querystring: Static<typeof PageQuery> }>(
    '/v1/digests/preferences',
    { config: { scope: 'read' }, schema: { summary: "Recipients' own digest choices, by address", tags, querystring: PageQuery, response: responses(Envelope(Page(PreferenceSchema))) } },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await deps.digests.listPreferences(requirePrincipal(request), { limit, offset });
      return { success: true, data: { items: page.items.map(preferenceJson), total: page.total, limit, offset } };
    },
  );

  app.get<{ Params: Static<typeof RecipientParams> }>(
    '/v1/digests/preferences/:recipient',
    { config: { scope: 'read' }, schema: { summary: "One recipient's digest choice", tags, params: RecipientParams, response: responses(Envelope(PreferenceSchema)) } },
    async (request) => ({ success: true, data: preferenceJson(await deps.digests.getPreference(requirePrincipal(request), request.params.recipient)) }),
  );

  app.put<{ Params: Static<typeof RecipientParams>; Body: Static<typeof PreferenceBody> }>(
    '/v1/digests/preferences/:recipient',
    {
      config: { scope: 'write' },
      schema: { summary: "Set one recipient's digest frequency (and optionally hour, weekday, time zone)", tags, params: RecipientParams, body: PreferenceBody, response: responses(Envelope(PreferenceSchema)) },
    },
    async (request) => {
      const { frequency, hour, weekday, time_zone } = request.body;
      const saved = await deps.digests.setPreference(requirePrincipal(request), request.params.recipient, { frequency, hour, weekday, timeZone: time_zone });
      return { success: true, data: preferenceJson(saved) };
    },
  );

  app.delete<{ Params: Static<typeof RecipientParams> }>(
    '/v1/digests/preferences/:recipient',
    {
      config: { scope: 'write' },
      schema: {
        summary: "Forget one recipient's choice: the tenant's settings apply again",
        tags,
        params: RecipientParams,
        response: responses(Envelope(Type.Object({ recipient: Type.String(), deleted: Type.Literal(true) }))),
      },
    },
    async (request) => {
      await deps.digests.removePreference(requirePrincipal(request), request.params.recipient);
      return { success: true, data: { recipient: request.params.recipient, deleted: true } };
    },
  );
}
