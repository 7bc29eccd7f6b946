/** TypeBox schemas shared by the v1 routes; they validate requests, shape responses and feed OpenAPI. */
import type {} from '@fastify/swagger';
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { VERDICTS, RECOMMENDATIONS, ANALYSIS_STATUSES } from '../core/analysis.js';
import { AuthenticationSchema } from './authentication-schema.js';
import { ERROR_STATUS } from '../core/errors.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** `{ type: string, enum: [...] }`: validation errors list the allowed values, and OpenAPI shows an enum. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
const literals = StringEnum;

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      code: StringEnum(Object.keys(ERROR_STATUS) as Array<keyof typeof ERROR_STATUS>, { description: 'Machine-readable reason; each code has one HTTP status (docs/api.md, "Errors")' }),
      message: Type.String({ description: 'What went wrong, naming the field or setting when there is one' }),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Error envelope (docs/api.md, "Envelope and errors")' },
);

export const QuotaObject = Type.Object(
  { used: Type.Integer(), limit: Nullable(Type.Integer()), remaining: Nullable(Type.Integer()) },
  { description: 'Quota object (docs/api.md); limit and remaining are null for a tenant without limit' },
);

export const Envelope = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });

const errorRefs = { '4xx': Type.Ref('ErrorEnvelope'), '5xx': Type.Ref('ErrorEnvelope') };

/** Response map of a route: its 200 body and the error envelope for every error status. */
export const responses = <T extends TSchema>(ok: T, extra: Record<string, TSchema> = {}) => ({ 200: ok, ...extra, ...errorRefs });

export const VerdictSchema = literals(VERDICTS);
export const SourceSchema = literals(['api', 'smtp', 'milter']);

export const IndicatorsSchema = Type.Object({
  impersonation: Type.Boolean(),
  urgency_pressure: Type.Boolean(),
  suspicious_links: Type.Boolean(),
  credential_request: Type.Boolean(),
  brand_spoofing: Nullable(Type.String()),
});

export const FoundUrlSchema = Type.Object({ url: Type.String(), domain: Type.String(), flags: Type.Array(Type.String()) });

/** The decision model's three answers with their evidence (docs/api.md, "The judgement"). */
export const JudgementSchema = Type.Object({
  claimed_identity: Nullable(Type.Object({ brand: Type.String(), where: Type.Array(Type.String()) })),
  sender_organisation: Nullable(Type.String()),
  sender_authenticated: Type.Boolean(),
  sender_is_claimed_identity: Nullable(Type.Boolean()),
  mismatched_identity: Nullable(Type.String()),
  asks: Type.Array(Type.Object({ kind: Type.String(), evidence: Type.String() })),
  links: Type.Object({ total: Type.Integer(), own: Type.Integer(), neutral: Type.Integer(), other: Type.Integer(), other_hosts: Type.Array(Type.String()) }),
});

/** The analysis result fields (docs/api.md, "Analyses"). */
const resultFields = {
  verdict: VerdictSchema,
  score: Type.Number({ minimum: 0, maximum: 1 }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  model: Type.String(),
  reasons: Type.Array(Type.String()),
  indicators: IndicatorsSchema,
  recommendation: literals(RECOMMENDATIONS),
  urls: Type.Array(FoundUrlSchema),
  coverage: Type.Array(Type.String()),
  authentication: AuthenticationSchema,
  judgement: Type.Optional(JudgementSchema),
};

const recordFields = {
  analysis_id: Type.String(),
  status: literals(ANALYSIS_STATUSES),
  cost_eur: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
  source: SourceSchema,
  livemode: Type.Boolean(),
};

export const AnalysisResultSchema = Type.Object({ ...recordFields, ...resultFields }, { $id: 'AnalysisResult' });

/** GET /v1/analyses/:id: the result plus the request summary; result fields are absent while queued. */
export const StoredAnalysisSchema = Type.Object(
  {
    ...recordFields,
    ...Object.fromEntries(Object.entries(resultFields).map(([k, v]) => [k, Type.Optional(v)])),
    subject: Type.String(),
    from: Type.String(),
    to: Type.String(),
    error: Type.Optional(
      Type.Object({ code: Type.String(), message: Type.String() }, { description: 'Why an asynchronous analysis failed (status "failed")' }),
    ),
  },
  { $id: 'StoredAnalysis' },
);

export const Pagination = {
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Default 50, maximum 200' }),
  offset: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, description: 'Default 0' }),
};

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });

export const SHARED_SCHEMAS = [ErrorEnvelope, AnalysisResultSchema, StoredAnalysisSchema];
