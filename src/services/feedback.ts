/**
 * Feedback (docs/recipients.md): a person says an analysis was right or wrong. One row per analysis
 * holds the latest label; the message itself is kept (up to `maxMessageBytes`) when phishgate has it
 * (quarantine, user reports), so a tenant model can later learn from it.
 */
import { createHash } from 'node:crypto';
import { DAY_MS, toIso } from '../core/clock.js';
import type { Principal } from '../core/domain.js';
import { notFound } from '../core/errors.js';
import { findAnalysis } from '../store/repositories/analyses.js';
import {
  findFeedback,
  findFeedbackOfAnalysis,
  insertFeedback,
  listFeedback,
  updateFeedback,
  type Feedback,
  type FeedbackFilter,
  type FeedbackLabel,
  type FeedbackScope,
  type FeedbackSource,
} from '../store/repositories/feedback.js';
import { findQuarantinedByAnalysis } from '../store/repositories/quarantine.js';
import { inTransaction, isUniqueViolation } from '../store/transaction.js';
import type { ServiceContext } from './context.js';
import { moveByFeedback } from './sender-history.js';

export { FEEDBACK_LABELS, FEEDBACK_SOURCES, type Feedback, type FeedbackFilter, type FeedbackLabel, type FeedbackSource } from '../store/repositories/feedback.js';

/** Who labelled, and through which door: `id` is an API key id, a console user, or a recipient's address. */
export interface FeedbackActor {
  source: FeedbackSource;
  id: string | null;
}

export interface FeedbackServiceOptions {
  /** `retention.analyses_days`: older analyses are gone and cannot be labelled. */
  analysesDays: number;
  /** Messages kept with feedback are cut to this many bytes (the text parts come first in almost all mail). */
  maxMessageBytes: number;
  /** `reputation.history.enabled`: labels move the sender's domain history (docs/reputation.md). */
  senderHistory?: boolean;
}

const NOTE_MAX = 1000;
const SUMMARY_MAX = 998;

const scopeOf = (principal: Principal): FeedbackScope => ({ tenantId: principal.tenant.id, livemode: principal.livemode });

interface Subject {
  verdict: string | null;
  subject: string;
  from: string;
  raw: Buffer | null;
}

export function createFeedbackService(ctx: ServiceContext, options: FeedbackServiceOptions) {
  const { store, clock, newId } = ctx;

  /** What the feedback is about: the analysis while retention keeps it, else its quarantined share. */
  async function subjectOf(principal: Principal, analysisId: string, message: Buffer | null): Promise<Subject> {
    const scope = scopeOf(principal);
    const analysis = await findAnalysis(store.db, { ...scope, visibleSince: toIso(clock.now() - options.analysesDays * DAY_MS) }, analysisId);
    const quarantined = message ? undefined : await findQuarantinedByAnalysis(store.db, scope, analysisId);
    if (!analysis && !quarantined) throw notFound(`analysis ${analysisId}`);
    return {
      verdict: analysis?.verdict ?? quarantined?.entry.verdict ?? null,
      subject: (analysis?.subject ?? quarantined?.entry.subject ?? '').slice(0, SUMMARY_MAX),
      from: (analysis?.from ?? quarantined?.entry.from ?? '').slice(0, SUMMARY_MAX),
      raw: message ?? quarantined?.raw ?? null,
    };
  }

  const messageColumns = (raw: Buffer | null) => {
    if (!raw) return { message_raw: null, message_size: null, message_sha256: null, message_truncated: 0 };
    const kept = raw.length > options.maxMessageBytes ? raw.subarray(0, options.maxMessageBytes) : raw;
    return {
      message_raw: Buffer.from(kept),
      message_size: raw.length,
      message_sha256: createHash('sha256').update(kept).digest('hex'),
      message_truncated: kept.length < raw.length ? 1 : 0,
    };
  };

  /**
   * Labels an analysis of the principal's tenant and mode. A second label for the same analysis
   * replaces the first (the latest human decision counts); `message` is the original when the caller
   * has it (user reports), otherwise the quarantined copy is kept when there is one.
   */
  async function recordFeedback(
    principal: Principal,
    analysisId: string,
    label: FeedbackLabel,
    note: string | null,
    actor: FeedbackActor,
    message: Buffer | null = null,
  ): Promise<{ feedback: Feedback; created: boolean }> {
    const scope = scopeOf(principal);
    const subject = await subjectOf(principal, analysisId, message);
    const trimmedNote = note === null ? null : note.slice(0, NOTE_MAX);
    const attempt = () =>
      inTransaction(store, async (trx) => {
        const now = toIso(clock.now());
        const existing = await findFeedbackOfAnalysis(trx, scope, analysisId);
        if (options.senderHistory) await moveByFeedback(trx, scope, subject.from, existing, { label, source: actor.source });
        const bytes = subject.raw ? messageColumns(subject.raw) : {};
        if (existing) {
          await updateFeedback(trx, existing.id, { label, note: trimmedNote, source: actor.source, actor: actor.id, updated_at: now, ...bytes });
          return { id: existing.id, created: false };
        }
        const id = newId('fb');
        await insertFeedback(trx, {
          id,
          tenant_id: scope.tenantId,
          livemode: scope.livemode ? 1 : 0,
          analysis_id: analysisId,
          label,
          note: trimmedNote,
          source: actor.source,
          actor: actor.id,
          verdict: subject.verdict,
          subject: subject.subject,
          from_addr: subject.from,
          created_at: now,
          updated_at: now,
          ...messageColumns(subject.raw),
        });
        return { id, created: true };
      });
    let outcome: { id: string; created: boolean };
    try {
      outcome = await attempt();
    } catch (error) {
      // A concurrent first label won the insert: this one becomes the update.
      if (!isUniqueViolation(error)) throw error;
      outcome = await attempt();
    }
    return { feedback: (await findFeedback(store.db, scope, outcome.id))!, created: outcome.created };
  }

  return {
    recordFeedback,

    list: (principal: Principal, filter: FeedbackFilter) => listFeedback(store.db, scopeOf(principal), filter),

    async get(principal: Principal, id: string): Promise<Feedback> {
      const found = await findFeedback(store.db, scopeOf(principal), id);
      if (!found) throw notFound(`feedback ${id}`);
      return found;
    },

    /** The label of one analysis, if any (the console shows it next to the verdict). */
    ofAnalysis: (principal: Principal, analysisId: string) => findFeedbackOfAnalysis(store.db, scopeOf(principal), analysisId),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
