/**
 * The recipients' self-service page behind digest links (docs/recipients.md, "Self-service links"): a
 * signed link lets one recipient look at one held message, or release it, release it and allow its
 * sender for themselves, or delete it — once. A recipient acts only on a message addressed to them, and
 * only for themselves: on a message held for several recipients their release delivers to them alone
 * and their delete hides it from them alone; the others keep their share. A release also counts for the
 * releasing recipient only: the tenant-wide "genuine" label (what the tenant's model learns from) is
 * written once `genuineAfterRecipients` different recipients released the message, and never over an
 * admin's label — one fooled recipient must not teach the whole tenant (docs/recipients.md).
 */
import { toIso } from '../../core/clock.js';
import type { Principal, Tenant } from '../../core/domain.js';
import { AppError } from '../../core/errors.js';
import { countReleasingRecipients, deleteSelfServiceAction, findSelfServiceAction, findSelfServiceActionByLink, insertSelfServiceAction } from '../../store/repositories/self-service.js';
import { isUniqueViolation } from '../../store/transaction.js';
import type { ServiceContext } from '../context.js';
import type { FeedbackService } from '../feedback.js';
import { normalizeEmail } from '../list-values.js';
import type { ListService } from '../lists.js';
import type { QuarantineEntry, QuarantineService, ReleaseDelivery } from '../quarantine.js';
import { linkUrl, signLink, verifyLink, type LinkAction, type LinkClaims } from './links.js';

export interface SelfServiceOptions {
  /** Link secrets, current first; without any no link is made or accepted. */
  secrets: readonly string[];
  /** How long a link stays valid (`self_service.link_ttl_hours`). */
  ttlMs: number;
  /** `digests.public_url`: links point there; null: no links. */
  publicUrl: string | null;
  /** `self_service.genuine_label_after_recipients` (2 when absent). */
  genuineAfterRecipients?: number;
}

export const DEFAULT_GENUINE_AFTER_RECIPIENTS = 2;

export interface SelfServiceDeps {
  quarantine: QuarantineService;
  lists: ListService;
  feedback: FeedbackService;
  findTenant: (id: string) => Promise<Tenant | undefined>;
}

/** Why a link does nothing; the page says it in the recipient's words, never more than this. */
export type Refusal = 'invalid' | 'expired' | 'used' | 'handled' | 'not_yours' | 'gone' | 'released';

export interface LinkView {
  claims: LinkClaims;
  tenant: Tenant;
  entry: QuarantineEntry;
}

export type Opened = { ok: true; view: LinkView } | { ok: false; reason: Refusal };

export interface ActionOutcome {
  action: Exclude<LinkAction, 'preview'>;
  /** release_allow: the sender now allowed for this recipient. */
  allowed?: string;
}

export type Acted = { ok: true; view: LinkView; outcome: ActionOutcome } | { ok: false; reason: Refusal };

const ADDRESS_IN_ANGLES = /<([^<>\s]{1,320})>\s*$/;

/** The address of a stored From summary ("Name <addr>" or "addr"), or the envelope sender. */
export function senderOf(entry: QuarantineEntry): string | null {
  const fromHeader = ADDRESS_IN_ANGLES.exec(entry.from)?.[1] ?? entry.from;
  return normalizeEmail(fromHeader) ?? (entry.mailFrom ? normalizeEmail(entry.mailFrom) : null);
}

export function createSelfService(ctx: ServiceContext, deps: SelfServiceDeps, options: SelfServiceOptions) {
  const { store, clock } = ctx;
  const principalOf = (tenant: Tenant): Principal => ({ tenant, livemode: true });

  async function open(token: string): Promise<Opened> {
    const checked = verifyLink(token, options.secrets, clock.now());
    if (!checked.ok) return { ok: false, reason: checked.reason };
    const { claims } = checked;
    const tenant = await deps.findTenant(claims.tenantId);
    if (!tenant) return { ok: false, reason: 'gone' };
    let entry: QuarantineEntry;
    try {
      entry = await deps.quarantine.get(principalOf(tenant), claims.quarantineId);
    } catch {
      return { ok: false, reason: 'gone' };
    }
    // The signature says whom the link is for; the message must still be addressed to them.
    if (!entry.rcptTo.some((r) => normalizeEmail(r) === claims.recipient)) return { ok: false, reason: 'not_yours' };
    if (await findSelfServiceActionByLink(store.db, claims.linkId)) return { ok: false, reason: 'used' };
    if (await findSelfServiceAction(store.db, entry.id, claims.recipient)) return { ok: false, reason: 'handled' };
    if (entry.releasedAt) return { ok: false, reason: 'released' };
    return { ok: true, view: { claims, tenant, entry } };
  }

  /** Delivers to this recipient only; the entry stays held for its other recipients. */
  async function releaseShare(view: LinkView, deliver: ReleaseDelivery): Promise<void> {
    const principal = principalOf(view.tenant);
    const raw = await deps.quarantine.raw(principal, view.entry.id);
    const own = view.entry.rcptTo.filter((r) => normalizeEmail(r) === view.claims.recipient);
    try {
      await deliver({ mailFrom: view.entry.mailFrom, rcptTo: own, raw, addHeaders: view.entry.addHeaders, newSubject: view.entry.newSubject });
    } catch (error) {
      throw new AppError('service_unavailable', 'the next hop did not accept the released message; try again later', { cause: error, retryAfterSeconds: 60 });
    }
  }

  /**
   * After a release: the tenant-wide "genuine" label once enough different recipients released the
   * message. A label someone else gave (an admin through the API or the console, a report) is kept.
   */
  async function labelIfEnoughRecipients(view: LinkView): Promise<void> {
    const needed = options.genuineAfterRecipients ?? DEFAULT_GENUINE_AFTER_RECIPIENTS;
    const released = await countReleasingRecipients(store.db, view.entry.id);
    if (released < needed) return;
    const principal = principalOf(view.tenant);
    const existing = await deps.feedback.ofAnalysis(principal, view.entry.analysisId);
    if (existing && existing.source !== 'self_service') return;
    const note = `released by ${released} recipients through their links`;
    await deps.feedback.recordFeedback(principal, view.entry.analysisId, 'ham', note, { source: 'self_service', id: view.claims.recipient });
  }

  /** Carries out an action link (the page's POST). Claims first, so two clicks cannot both act. */
  async function act(token: string, deliver: ReleaseDelivery | null): Promise<Acted> {
    const opened = await open(token);
    if (!opened.ok) return opened;
    const { view } = opened;
    const { claims, entry } = view;
    if (claims.action === 'preview') return { ok: false, reason: 'invalid' };
    const action = claims.action;
    try {
      await insertSelfServiceAction(store.db, { linkId: claims.linkId, tenantId: view.tenant.id, quarantineId: entry.id, recipient: claims.recipient, action, actedAt: toIso(clock.now()) });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: (await findSelfServiceActionByLink(store.db, claims.linkId)) ? 'used' : 'handled' };
      throw error;
    }
    const principal = principalOf(view.tenant);
    const sole = entry.rcptTo.every((r) => normalizeEmail(r) === claims.recipient);
    const outcome: ActionOutcome = { action };
    try {
      if (action === 'delete') {
        // The sole recipient's delete removes the message (and this row with it: the link stays refused
        // because the message is gone); otherwise it is hidden from this recipient only.
        if (sole) await deps.quarantine.remove(principal, entry.id);
      } else {
        if (!deliver) throw new AppError('service_unavailable', 'no next hop configured for releases');
        // No label from the release itself: labelIfEnoughRecipients decides (one recipient counts for themselves).
        if (sole) await deps.quarantine.release(principal, entry.id, deliver, { actor: { source: 'self_service', id: claims.recipient }, feedback: 'none' });
        else await releaseShare(view, deliver);
        if (action === 'release_allow') {
          const sender = senderOf(entry);
          if (sender) {
            await deps.lists.add(principal, 'allow', { type: 'email', value: sender, recipient: claims.recipient, note: 'self-service: release and allow' });
            outcome.allowed = sender;
          }
        }
      }
    } catch (error) {
      // Nothing happened (refused release, message gone meanwhile): the link may be used again.
      if (action !== 'release_allow' || !outcome.allowed) await deleteSelfServiceAction(store.db, claims.linkId).catch(() => undefined);
      if (error instanceof AppError && error.code === 'bad_request') return { ok: false, reason: 'released' };
      if (error instanceof AppError && error.code === 'not_found') return { ok: false, reason: 'gone' };
      throw error;
    }
    // After the try: the release happened, and a labelling problem must not undo the claim. A message whose
    // analysis is gone cannot be labelled; the release stands.
    if (action !== 'delete') {
      await labelIfEnoughRecipients(view).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      });
    }
    return { ok: true, view, outcome };
  }

  function token(claims: Omit<LinkClaims, 'linkId'>): string {
    const secret = options.secrets[0];
    if (!secret) throw new Error('no link secret configured');
    return signLink(claims, secret);
  }

  return {
    open,
    act,

    /** The message exactly as held, for the preview (a preview link only). */
    async raw(view: LinkView): Promise<Buffer> {
      return deps.quarantine.raw(principalOf(view.tenant), view.entry.id);
    },

    /** Fresh action tokens for the preview page's buttons, expiring with the preview link itself. */
    actionTokens(claims: LinkClaims): Record<Exclude<LinkAction, 'preview'>, string> {
      const base = { tenantId: claims.tenantId, recipient: claims.recipient, quarantineId: claims.quarantineId, expiresAt: claims.expiresAt };
      return { release: token({ ...base, action: 'release' }), release_allow: token({ ...base, action: 'release_allow' }), delete: token({ ...base, action: 'delete' }) };
    },

    /** The digest's links for one held message of one recipient (null when links are not configured). */
    digestLinks(tenantId: string, recipient: string, quarantineId: string, nowMs: number) {
      if (!options.publicUrl || !options.secrets.length) return null;
      const base = { tenantId, recipient, quarantineId, expiresAt: nowMs + options.ttlMs };
      const url = (action: LinkAction) => linkUrl(options.publicUrl!, token({ ...base, action }));
      return { preview: url('preview'), release: url('release'), releaseAndAllow: url('release_allow'), delete: url('delete') };
    },

    secrets: options.secrets,
  };
}

export type SelfService = ReturnType<typeof createSelfService>;
