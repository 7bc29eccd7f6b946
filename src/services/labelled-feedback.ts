/**
 * The messages people labelled, as a labelled corpus (docs/recipients.md, "Exporting feedback" and
 * "Tenant learning"): newest label first, each distinct message once (the same bytes labelled twice —
 * say reported by two people — count once, with the newest label), at most `max` messages.
 */
import { labelledMessages } from '../store/repositories/feedback.js';
import type { ServiceContext } from './context.js';

export interface LabelledFeedback {
  id: string;
  tenantId: string;
  analysisId: string;
  label: 'phishing' | 'ham';
  source: string;
  verdict: string | null;
  updatedAt: string;
  sha256: string;
  truncated: boolean;
  raw: Buffer;
}

export async function* labelledFeedback(ctx: Pick<ServiceContext, 'store'>, tenantId: string | null, max: number): AsyncGenerator<LabelledFeedback> {
  const seen = new Set<string>();
  for await (const row of labelledMessages(ctx.store.db, tenantId)) {
    if (seen.size >= max) return;
    const key = `${row.tenant_id}\n${row.message_sha256}`;
    if (seen.has(key)) continue;
    seen.add(key);
    yield {
      id: row.id,
      tenantId: row.tenant_id,
      analysisId: row.analysis_id,
      label: row.label === 'phishing' ? 'phishing' : 'ham',
      source: row.source,
      verdict: row.verdict,
      updatedAt: row.updated_at,
      sha256: row.message_sha256,
      truncated: row.message_truncated === 1,
      raw: row.message_raw,
    };
  }
}
