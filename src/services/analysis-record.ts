import type { AnalysisRecord, AnalysisStatus, EngineResult } from '../core/analysis.js';
import { noAuthentication, type AuthenticationFacts } from '../core/authentication.js';
import type { Source } from '../core/message.js';
import type { AnalysisRow } from '../store/repositories/analyses.js';
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

export function rowToStored(row: AnalysisRow): StoredAnalysis {
  const record = row.result_json ? (JSON.parse(row.result_json) as AnalysisRecord) : undefined;
  return {
    ...record,
    analysis_id: row.id,
    status: row.status as AnalysisStatus,
    created_at: row.created_at,
    source: row.source as Source,
    livemode: row.livemode === 1,
    cost_eur: microsToEur(Number(row.cost_micros)),
    subject: row.subject,
    from: row.from_addr,
    to: row.to_addr,
  };
}
