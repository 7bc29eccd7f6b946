import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { messageFromFields } from '../../../mail/message-from-fields.js';
import { requirePrincipal } from '../../auth.js';
import type { AsyncAnalysisService } from '../../../services/async-analysis.js';
import { Envelope, QuotaObject, StringEnum, responses } from '../../schemas.js';
import { quotaJson, type V1Deps } from './deps.js';

export interface AnalyzeRouteDeps extends V1Deps {
  asyncAnalysis: AsyncAnalysisService;
}

const QueuedSchema = Envelope(Type.Object({ analysis_id: Type.String(), status: StringEnum(['queued']) }));

const MAX_TEXT = 10 * 1024 * 1024;

/** Spec §4.1; `subject`, `from` and `body_text` are required unless `raw_email` is given (contract §4). */
export const AnalyzeBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 100_000, description: 'Subject of the mail (required without raw_email)' })),
    from: Type.Optional(Type.String({ maxLength: 2_000, description: 'Sender address, "a@b" or "Name <a@b>" (required without raw_email)' })),
    to: Type.Optional(Type.String({ maxLength: 100_000, description: 'Recipient address(es)' })),
    body_text: Type.Optional(Type.String({ maxLength: MAX_TEXT, description: 'Text body (required without raw_email); the language model reads its first 4000 characters' })),
    body_html: Type.Optional(Type.String({ maxLength: MAX_TEXT })),
    urls: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 8_192 }), { maxItems: 10_000 })),
    headers: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ maxLength: 100_000 }), {
        maxProperties: 500,
        description: 'SMTP headers, e.g. { "spf": "pass", "dkim": "fail", "dmarc": "fail", "Reply-To": "x@y" }',
      }),
    ),
    raw_email: Type.Optional(Type.String({ minLength: 1, maxLength: 2 * MAX_TEXT, description: 'Base64 of the RFC 822 message' })),
    async: Type.Optional(
      Type.Boolean({ description: 'Answer 202 { analysis_id, status: "queued" } at once; the result arrives by webhook and on GET /v1/analyses/:id' }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyzeBodyType = Static<typeof AnalyzeBody>;

export function analyzeRoutes(app: FastifyInstance, deps: AnalyzeRouteDeps): void {
  app.post<{ Body: AnalyzeBodyType }>(
    '/v1/analyze',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Analyse one email',
        tags: ['analysis'],
        body: AnalyzeBody,
        response: responses(Type.Object({ success: Type.Literal(true), data: Type.Ref('AnalysisResult'), quota: QuotaObject }), { 202: QueuedSchema }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const message = await messageFromFields(request.body, deps.parseLimits);
      // Contract §4: validated now (a bad message is a 400 here), analysed in the background, quota charged on completion.
      if (request.body.async) {
        const { analysisId } = await deps.asyncAnalysis.enqueue(principal, message, { source: 'api', chargeQuota: true, apiKeyId: principal.key?.id ?? null });
        return reply.status(202).send({ success: true, data: { analysis_id: analysisId, status: 'queued' } });
      }
      const outcome = await deps.analysis.analyze(principal, message, { source: 'api', chargeQuota: true, apiKeyId: principal.key?.id ?? null });
      request.quotaState = outcome.quota;
      return { success: true, data: outcome.record, quota: quotaJson(outcome.quota) };
    },
  );
}

