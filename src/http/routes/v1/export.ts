/** History export (docs/recipients.md): the filtered history as CSV or JSON lines, streamed. */
import { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AnalysisService } from '../../../services/analysis.js';
import { EXPORT_FORMATS, csvHeader, csvLine, jsonLine, type ExportFormat } from '../../../services/export-format.js';
import { requirePrincipal } from '../../auth.js';
import { StringEnum, responses } from '../../schemas.js';
import { AnalysisFilterFields, analysisFilterOf } from './analyses.js';

export interface ExportRouteDeps {
  analysis: AnalysisService;
}

const ExportQuery = Type.Object(
  { format: StringEnum(EXPORT_FORMATS, { description: 'csv (spreadsheet-safe, one row per analysis) or jsonl (one stored analysis per line)' }), ...AnalysisFilterFields },
  { additionalProperties: false },
);

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' };

export function exportRoutes(app: FastifyInstance, deps: ExportRouteDeps): void {
  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/v1/analyses/export',
    {
      config: { scope: 'read' },
      schema: {
        summary: "Export the tenant's analyses (the listing's filters), newest first, streamed",
        tags: ['analysis'],
        querystring: ExportQuery,
        produces: ['text/csv', 'application/x-ndjson'],
        response: responses(Type.String({ description: 'CSV with a header row, or JSON lines' })),
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { format } = request.query;
      const filter = analysisFilterOf(request.query);
      const rows = deps.analysis.export(principal, filter);
      const lines = async function* () {
        if (format === 'csv') yield csvHeader();
        for await (const analysis of rows) yield format === 'csv' ? csvLine(analysis) : jsonLine(analysis);
      };
      // Readable.from pulls the next batch only when the client has taken the previous one (bounded memory).
      // A database failure halfway cuts the response off, so the client sees an incomplete transfer.
      const stream = Readable.from(lines(), { objectMode: false });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="phishgate-analyses-${day}.${format}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}
