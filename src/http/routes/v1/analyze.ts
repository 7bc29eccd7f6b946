import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { badRequest } from '../../../core/errors.js';
import { emptyMessage } from '../../../core/message.js';
import { isAnalysisTimeout } from '../../../engine/analysis-client.js';
import { decodeBase64Strict, messageFromFields } from '../../../mail/message-from-fields.js';
import type { AuthenticationService } from '../../../services/authentication/service.js';
import { requirePrincipal } from '../../auth.js';
import type { AsyncAnalysisService } from '../../../services/async-analysis.js';
import { IdempotencyConflict } from '../../../services/idempotency.js';
import { Envelope, QuotaObject, StringEnum, responses } from '../../schemas.js';
import { quotaJson, type V1Deps } from './deps.js';

export interface AnalyzeRouteDeps extends V1Deps {
  asyncAnalysis: AsyncAnalysisService;
  /** SPF/DKIM/DMARC/ARC before analysis (docs/authentication.md); absent = nothing verified. */
  authentication?: AuthenticationService;
}

const QueuedSchema = Envelope(Type.Object({ analysis_id: Type.String(), status: StringEnum(['queued']) }));

const MAX_TEXT = 10 * 1024 * 1024;

/** The POST /v1/analyze body (docs/api.md); `subject`, `from` and `body_text` are required unless `raw_email` is given (docs/api.md). */
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
    raw_email: Type.Optional(Type.String({ minLength: 1, maxLength: 2 * MAX_TEXT, description: 'Base64 of the RFC 822 message; its DKIM signatures are verified' })),
    client_ip: Type.Optional(
      Type.String({ minLength: 2, maxLength: 45, description: 'Address of the client that handed the mail to your first MTA (enables the SPF check; see docs/authentication.md)' }),
    ),
    helo: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[^\\s]+$', description: 'HELO/EHLO name that client gave (SPF for the null sender)' })),
    mail_from: Type.Optional(Type.String({ maxLength: 2_000, description: 'SMTP MAIL FROM address of that transaction ("" for the null sender)' })),
    async: Type.Optional(
      Type.Boolean({ description: 'Answer 202 { analysis_id, status: "queued" } at once; the result arrives by webhook and on GET /v1/analyses/:id' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { subject: 'Your parcel is waiting', from: 'DHL Express <noreply@dhl-tracking-info.net>', body_text: 'Pay the customs fee within 48 hours: http://198.51.100.23/dhl', urls: ['http://198.51.100.23/dhl'] },
      { subject: 'Lunch on Friday?', from: 'Alice <alice@example.com>', to: 'bob@example.org', body_text: 'Shall we meet at noon?', headers: { spf: 'pass', dkim: 'pass', dmarc: 'pass' } },
    ],
  },
);
export type AnalyzeBodyType = Static<typeof AnalyzeBody>;

/**
 * `Idempotency-Key` (Stripe's convention, docs/api.md "Retries", docs/security.md "Faults and retries"): a
 * client retrying a request whose answer it did not get sends the same key and gets the same analysis back,
 * uncharged and without a second webhook event, for `retention.idempotency_hours` — also after a restart
 * and from another process on the same database (the key is stored with the analysis). The fingerprint is
 * the request body, so a key reused for another message is refused rather than answered with the wrong
 * analysis. Checked here rather than by the schema, so a malformed key gets a sentence, not a pattern.
 */
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'Makes a retry safe: within the retry window (24 hours by default) a request with a key already used answers with the analysis made the first time — same analysis_id, no new charge, no new webhook event, also after a restart — and `Idempotent-Replayed: true` (an asynchronous request gets its 202 again, with the same analysis_id). 1 to 255 printable ASCII characters without spaces (0x21–0x7E); the same key with a different request body is refused with 400 bad_request.',
      examples: ['order-4711-attempt'],
    }),
  ),
});

function idempotencyOf(header: string | string[] | undefined, body: unknown): { key: string; fingerprint: string } | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] ?? '' : header;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest('Idempotency-Key: 1 to 255 printable ASCII characters without spaces');
  return { key: `api\0${key}`, fingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex') };
}

function refuseConflict(error: unknown): never {
  if (error instanceof IdempotencyConflict) throw badRequest('Idempotency-Key was already used with a different request body; use a new key for a new request');
  throw error;
}

export function analyzeRoutes(app: FastifyInstance, deps: AnalyzeRouteDeps): void {
  app.post<{ Body: AnalyzeBodyType }>(
    '/v1/analyze',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Analyse one email',
        description:
          'Analyses the message and stores the result (docs/api.md). Send an `Idempotency-Key` header to retry safely: a retry with the same key and body answers with the stored analysis and `Idempotent-Replayed: true` (no new charge, no new webhook event); the same key with another body answers 400 bad_request ("Idempotency-Key was already used with a different request body").',
        tags: ['analysis'],
        headers: IdempotencyHeaders,
        body: AnalyzeBody,
        response: responses(Type.Object({ success: Type.Literal(true), data: Type.Ref('AnalysisResult'), quota: QuotaObject }), { 202: QueuedSchema }),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const idempotency = idempotencyOf(request.headers['idempotency-key'], request.body);
      const { client_ip: clientIp, helo, mail_from: mailFrom } = request.body;
      if (clientIp !== undefined && !isIP(clientIp)) throw badRequest(`client_ip: "${clientIp.slice(0, 45)}" is not an IPv4 or IPv6 address`);
      if (mailFrom && !/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) throw badRequest(`mail_from: "${mailFrom.slice(0, 80)}" is not an email address`);
      const raw = request.body.raw_email !== undefined ? decodeBase64Strict('raw_email', request.body.raw_email) : null;
      const message = await messageFromFields(request.body, deps.parseLimits, raw, deps.parseRaw).catch(async (error: unknown) => {
        // Parsing hit the deadline: recorded like an analysis that did (docs/performance.md), then 503 + Retry-After.
        if (isAnalysisTimeout(error)) error.analysisId = await deps.analysis.recordTimeout(principal, emptyMessage(), { source: 'api', chargeQuota: false, apiKeyId: principal.key?.id ?? null }, error);
        throw error;
      });
      if (clientIp !== undefined || helo !== undefined || mailFrom !== undefined) {
        message.envelope = { mailFrom: mailFrom ?? null, rcptTo: [], ...(clientIp && { clientAddress: clientIp }), ...(helo && { clientHelo: helo }) };
      }
      if (deps.authentication) {
        message.authentication = await deps.authentication.authenticate({ raw, envelope: { clientIp, helo, mailFrom }, message, tenantId: principal.tenant.id });
      }
      const options = { source: 'api' as const, chargeQuota: true, apiKeyId: principal.key?.id ?? null, ...(idempotency && { idempotency }) };
      // docs/api.md: validated now (a bad message is a 400 here), analysed in the background, quota charged on completion.
      if (request.body.async) {
        const { analysisId, replayed } = await deps.asyncAnalysis.enqueue(principal, message, options).catch(refuseConflict);
        // A retry gets the first answer again (Stripe's convention): the same 202 and analysis id.
        if (replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(202).send({ success: true, data: { analysis_id: analysisId, status: 'queued' } });
      }
      const outcome = await deps.analysis.analyze(principal, message, options).catch(refuseConflict);
      request.quotaState = outcome.quota;
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      return { success: true, data: outcome.record, quota: quotaJson(outcome.quota) };
    },
  );
}

