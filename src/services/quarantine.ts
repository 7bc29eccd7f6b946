/**
 * The quarantine store (docs/gateway.md): messages the gateway holds back, kept whole per tenant, listed,
 * fetched, released to the next hop (tagged) or deleted through the API. Implements the gateway's
 * `QuarantineSink` for both mail doors.
 */
import { DAY_MS, toIso } from '../core/clock.js';
import type { Principal } from '../core/domain.js';
import { AppError, badRequest, notFound } from '../core/errors.js';
import type { HeaderToAdd, QuarantineSink } from '../core/gateway.js';
import {
  analysisSummary,
  claimRelease,
  deleteQuarantined,
  findQuarantined,
  insertQuarantined,
  quarantineTotals,
  listQuarantined,
  readQuarantinedBytes,
  recordReleaseReply,
  undoRelease,
  type NewQuarantined,
  type QuarantineEntry,
  type QuarantineFilter,
  type QuarantineScope,
} from '../store/repositories/quarantine.js';
import type { ServiceContext } from './context.js';
import type { FeedbackActor, FeedbackLabel, FeedbackService } from './feedback.js';

export type { QuarantineEntry, QuarantineFilter };

/** What a release hands to the next hop: the stored envelope and bytes plus the stored tagging. */
export interface ReleaseMessage {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  addHeaders: HeaderToAdd[];
  newSubject: string | null;
}

/** Re-injects a released message; resolves with the next hop's reply (implemented by the SMTP relay). */
export type ReleaseDelivery = (message: ReleaseMessage) => Promise<string>;

export interface QuarantineServiceOptions {
  /** `gateway.quarantine_days`: how long an entry is kept (shown as `expires_at`). */
  retentionDays: number;
  /** Where a release records its feedback (docs/recipients.md); none recorded without it. */
  feedback?: FeedbackService;
}

/**
 * What a release says about the message: by default a release means "this was not phishing" and
 * records "ham" feedback; the releaser may say "phishing" (released for inspection) or "none".
 */
export interface ReleaseOptions {
  feedback?: FeedbackLabel | 'none';
  note?: string | null;
  /** Who released, when not the principal's API key (console user, self-service recipient). */
  actor?: FeedbackActor;
}

/** A release the next hop refused or could not take is worth retrying about a minute later (Retry-After). */
const RELEASE_RETRY_AFTER_S = 60;

const scopeOf = (principal: Principal): QuarantineScope => ({ tenantId: principal.tenant.id, livemode: principal.livemode });

export function createQuarantineService(ctx: ServiceContext, options: QuarantineServiceOptions) {
  const { store, clock, newId } = ctx;

  async function getEntry(principal: Principal, id: string): Promise<QuarantineEntry> {
    const entry = await findQuarantined(store.db, scopeOf(principal), id);
    if (!entry) throw notFound(`quarantined message ${id}`);
    return entry;
  }

  const sink: QuarantineSink = {
    /**
     * The strictest action applies to the whole message, so every tenant among its recipients has its
     * share quarantined: one entry per tenant with that tenant's recipients, analysis and verdict.
     * A tenant's release delivers to its own recipients only. One transaction: all entries or none.
     */
    async store(raw, envelope, decision, door) {
      const bytes = await raw.toBuffer();
      const createdAt = toIso(clock.now());
      return store.db.transaction().execute(async (trx) => {
        const held: NewQuarantined[] = [];
        for (const outcome of decision.tenants) {
          const summary = await analysisSummary(trx, outcome.analysisId);
          held.push({
            id: newId('qm'),
            tenantId: outcome.tenantId,
            livemode: true,
            source: door,
            analysisId: outcome.analysisId,
            verdict: outcome.verdict,
            score: outcome.score,
            reasons: outcome.reasons,
            mailFrom: envelope.mailFrom,
            rcptTo: outcome.recipients,
            subject: summary?.subject ?? '',
            from: summary?.from ?? '',
            clientAddress: envelope.clientAddress ?? null,
            clientHelo: envelope.clientHelo ?? null,
            queueId: envelope.queueId ?? null,
            size: bytes.length,
            addHeaders: decision.addHeaders,
            newSubject: decision.newSubject,
            createdAt,
            releasedAt: null,
            releasedBy: null,
            releaseReply: null,
            raw: bytes,
          });
        }
        await insertQuarantined(trx, held);
        return held.map((h) => h.id);
      });
    },
  };

  return {
    ...sink,

    expiresAt: (entry: QuarantineEntry): string => toIso(Date.parse(entry.createdAt) + options.retentionDays * DAY_MS),

    get: getEntry,

    list(principal: Principal, filter: QuarantineFilter) {
      return listQuarantined(store.db, scopeOf(principal), filter);
    },

    /** The message exactly as received (not tagged). */
    async raw(principal: Principal, id: string): Promise<Buffer> {
      const bytes = await readQuarantinedBytes(store.db, scopeOf(principal), id);
      if (!bytes) throw notFound(`quarantined message ${id}`);
      return bytes;
    },

    async remove(principal: Principal, id: string): Promise<void> {
      if (!(await deleteQuarantined(store.db, scopeOf(principal), id))) throw notFound(`quarantined message ${id}`);
    },

    /**
     * Re-injects the message to its tenant's recipients, tagged as stored, and records who released it
     * and when. Once only: a second release is refused (400, the spec has no 409), and a release the
     * next hop did not take is undone so it can be tried again.
     */
    async release(principal: Principal, id: string, deliver: ReleaseDelivery, releaseOptions: ReleaseOptions = {}): Promise<QuarantineEntry> {
      const scope = scopeOf(principal);
      const entry = await getEntry(principal, id);
      const alreadyReleased = (at: string | null) => badRequest(`quarantined message ${id} was already released${at ? ` at ${at}` : ''}`);
      if (entry.releasedAt) throw alreadyReleased(entry.releasedAt);
      const at = toIso(clock.now());
      const actor: FeedbackActor = releaseOptions.actor ?? { source: 'release', id: principal.key?.id ?? null };
      if (!(await claimRelease(store.db, scope, id, at, actor.id))) throw alreadyReleased(null);
      let reply: string;
      try {
        const raw = await readQuarantinedBytes(store.db, scope, id);
        if (!raw) throw notFound(`quarantined message ${id}`);
        reply = await deliver({ mailFrom: entry.mailFrom, rcptTo: entry.rcptTo, raw, addHeaders: entry.addHeaders, newSubject: entry.newSubject });
      } catch (error) {
        await undoRelease(store.db, id, at);
        if (error instanceof AppError) throw error;
        throw new AppError('service_unavailable', 'the next hop did not accept the released message; try again later', { cause: error, retryAfterSeconds: RELEASE_RETRY_AFTER_S });
      }
      await recordReleaseReply(store.db, id, reply);
      const label = releaseOptions.feedback ?? 'ham';
      if (label !== 'none' && options.feedback) await options.feedback.recordFeedback(principal, entry.analysisId, label, releaseOptions.note ?? null, actor);
      return getEntry(principal, id);
    },

    /** Messages held and not released, over all tenants, with their bytes (the quarantine gauges in /metrics). */
    totals(): Promise<{ messages: number; bytes: number }> {
      return quarantineTotals(store.db);
    },
  };
}

export type QuarantineService = ReturnType<typeof createQuarantineService>;
