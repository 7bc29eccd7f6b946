import type { AnalysisEntry, AnalysisRecord, AnalysisStatus, EngineResult } from '../core/analysis.js';
import { noAuthentication, type AuthenticationFacts } from '../core/authentication.js';
import type { Source } from '../core/message.js';
import { microsToEur } from './quota.js';

/** What GET /v1/analyses/:id returns (docs/api.md): the analyze `data` plus the request summary. */
export interface StoredAnalysis extends Partial<AnalysisRecord> {
  analysis_id: string;
  status: AnalysisStatus;
  created_at: string;
  source: Source;
  livemode: boolean;
  cost_eur: number;
  subject: string;
  from: string;
  to: string;
  /** Why an asynchronous analysis ended `failed` (e.g. quota_exceeded at completion). */
  error?: { code: string; message: string };
}

export interface RecordInput {
  id: string;
  result: EngineResult;
  costMicros: number;
  createdAt: string;
  source: Source;
  livemode: boolean;
  authentication?: AuthenticationFacts | undefined;
}

export function buildRecord(input: RecordInput): AnalysisRecord {
  const { rules: _rules, ...result } = input.result;
  return {
    analysis_id: input.id,
    status: 'completed',
    ...result,
    cost_eur: microsToEur(input.costMicros),
    created_at: input.createdAt,
    source: input.source,
    livemode: input.livemode,
    authentication: input.authentication ?? noAuthentication(),
  };
}

/** The API's view of a stored analysis (GET /v1/analyses/:id). */
export function entryToStored(entry: AnalysisEntry): StoredAnalysis {
  return {
    ...entry.result,
    analysis_id: entry.id,
    status: entry.status,
    created_at: entry.createdAt,
    source: entry.source,
    livemode: entry.livemode,
    cost_eur: microsToEur(entry.costMicros),
    subject: entry.subject,
    from: entry.from,
    to: entry.to,
  };
}
