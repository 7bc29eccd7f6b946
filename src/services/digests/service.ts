/**
 * Quarantine digests (docs/recipients.md). One run (the scheduled job, or `phishgate digests run`)
 * looks at every tenant with held mail and sends each recipient whose digest is due the messages held
 * for them since their last digest, and the tenant's administrators those of the whole tenant. A digest
 * covers the mail quarantined up to its scheduled instant; `digest_state` remembers how far each one got,
 * so a message is reported once and a run that fails to send is simply tried again at the next run.
 */
import type { Verdict } from '../../core/analysis.js';
import { MINUTE_MS, toIso } from '../../core/clock.js';
import type { Principal, Tenant } from '../../core/domain.js';
import { badRequest, notFound } from '../../core/errors.js';
import {
  deletePreference,
  findPreference,
  heldMessages,
  listPreferences,
  preferencesOf,
  recordCovered,
  statesOf,
  tenantsWithHeldMail,
  upsertPreference,
  type DigestPreference,
  type HeldItem,
} from '../../store/repositories/digests.js';
import type { ServiceContext } from '../context.js';
import { normalizeEmail } from '../list-values.js';
import { composeDigest } from './compose.js';
import { DIGEST_FREQUENCIES, isTimeZone, latestSlot, type DigestFrequency } from './schedule.js';
import { renderDigest, type DigestItem } from './render.js';
import { adminSchedule, recipientSchedule, type RecipientPreference, type TenantDigestSettings } from './settings.js';

export type { DigestPreference };

/** Hands a composed digest to the next hop; resolves with its reply (nodemailer over `smtp.relay`). */
export type DigestSender = (envelope: { from: string; to: string[] }, raw: Buffer) => Promise<string>;

/** One-click links of one held message for one recipient (the self-service page), or null without them. */
export type DigestLinks = (tenantId: string, recipient: string, quarantineId: string, nowMs: number) => DigestItem['links'] | null;

export interface DigestServiceOptions {
  from: string;
  fromName: string;
  publicUrl: string | null;
  maxItems: number;
  /** `gateway.quarantine_days`, said in the digest. */
  retentionDays: number;
  settingsOf: (tenantId: string) => TenantDigestSettings;
  send: DigestSender;
  /** Link secrets (current first) that sign digests as phishgate's own mail; none: unsigned. */
  secrets: readonly string[];
  links?: DigestLinks;
  /** Messages quarantined in the last moments before a run wait for the next one (commits still in flight). */
  settleMs?: number;
}

export interface DigestRunReport {
  tenants: number;
  digests: number;
  admin_digests: number;
  messages: number;
  failed: number;
}

interface Bucket {
  until: string;
  timeZone: string;
  items: DigestItem[];
  more: number;
}

/** Written for a recipient whose first digest failed: keeps their mail inside the next run's scan. */
const NOTHING_COVERED = '1970-01-01T00:00:00.000Z';

const ADMIN = '';

const parseReasons = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
};

const rcptOf = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
};

function toItem(held: HeldItem): DigestItem {
  return {
    id: held.id,
    createdAt: held.created_at,
    from: held.from_addr || held.mail_from,
    subject: held.subject,
    verdict: held.verdict as Verdict,
    reason: parseReasons(held.reasons)[0] ?? '',
  };
}

/**
 * How far a recipient who gets no digest now counts as covered: those who never get one move along with
 * the runs (at most once a day, to spare writes), the others keep their last digest's mark.
 */
function neverCovered(current: string | undefined, frequency: DigestFrequency, now: number, settled: string): string {
  if (frequency !== 'never') return current ?? settled;
  return current !== undefined && Date.parse(current) > now - 24 * 60 * MINUTE_MS ? current : settled;
}

export interface PreferenceInput {
  frequency: DigestFrequency;
  hour?: number | null;
  weekday?: number | null;
  timeZone?: string | null;
}

export function createDigestService(ctx: ServiceContext, options: DigestServiceOptions) {
  const { store, clock, newId } = ctx;
  const settleMs = options.settleMs ?? MINUTE_MS;

  function validatePreference(input: PreferenceInput): RecipientPreference {
    if (!DIGEST_FREQUENCIES.includes(input.frequency)) throw badRequest(`frequency: must be one of ${DIGEST_FREQUENCIES.join(', ')}`);
    if (input.hour !== undefined && input.hour !== null && !(Number.isInteger(input.hour) && input.hour >= 0 && input.hour <= 23)) throw badRequest('hour: must be an integer from 0 to 23');
    if (input.weekday !== undefined && input.weekday !== null && !(Number.isInteger(input.weekday) && input.weekday >= 0 && input.weekday <= 6)) throw badRequest('weekday: must be an integer from 0 (Sunday) to 6');
    if (input.timeZone && !isTimeZone(input.timeZone)) throw badRequest(`time_zone: "${input.timeZone}" is not a known time zone`);
    return { frequency: input.frequency, hour: input.hour ?? null, weekday: input.weekday ?? null, timeZone: input.timeZone || null };
  }

  const recipientOf = (raw: string): string => {
    const address = normalizeEmail(raw);
    if (!address) throw badRequest(`recipient: "${raw}" is not a valid email address`);
    return address;
  };

  async function digestTenant(tenant: Tenant, now: number, report: DigestRunReport): Promise<void> {
    const settings = options.settingsOf(tenant.id);
    const states = await statesOf(store.db, tenant.id);
    const settled = toIso(now - settleMs);
    // Every recipient met before has a state row (written even when nothing was due), so mail older
    // than the oldest of them has been reported already: the scan starts there.
    const covered = [...states.values()];
    const scanFrom = covered.length && (settings.adminAddresses.length === 0 || states.has(`admin:${ADMIN}`)) ? covered.reduce((a, b) => (a < b ? a : b)) : null;
    const preferences = new Map([...(await preferencesOf(store.db, tenant.id))].map(([recipient, p]) => [recipient, p as RecipientPreference]));
    const buckets = new Map<string, Bucket>();
    const skipped = new Map<string, string>();
    const windowOf = (key: string, slot: number | null): string | null => {
      if (slot === null) return null;
      const until = toIso(Math.min(slot, now - settleMs));
      const from = states.get(key);
      return from === undefined || until > from ? until : null;
    };
    const adminUntil = settings.adminAddresses.length ? windowOf(`admin:${ADMIN}`, latestSlot(now, adminSchedule(settings))) : null;
    const admin: Bucket | null = adminUntil ? { until: adminUntil, timeZone: settings.timeZone, items: [], more: 0 } : null;
    const add = (bucket: Bucket, item: DigestItem) => (bucket.items.length < options.maxItems ? bucket.items.push(item) : bucket.more++);

    for await (const held of heldMessages(store.db, tenant.id, scanFrom, settled)) {
      const recipients = rcptOf(held.rcpt_to).map((r) => normalizeEmail(r) ?? r.toLowerCase());
      for (const recipient of recipients) {
        const key = `recipient:${recipient}`;
        let bucket = buckets.get(recipient);
        if (!bucket && !skipped.has(recipient)) {
          const schedule = recipientSchedule(settings, preferences.get(recipient));
          const until = windowOf(key, latestSlot(now, schedule));
          if (until) buckets.set(recipient, (bucket = { until, timeZone: schedule.timeZone, items: [], more: 0 }));
          else skipped.set(recipient, neverCovered(states.get(key), schedule.frequency, now, settled));
        }
        if (bucket && held.created_at <= bucket.until && held.created_at > (states.get(key) ?? '')) {
          const links = options.links?.(tenant.id, recipient, held.id, now) ?? undefined;
          add(bucket, { ...toItem(held), ...(links && { links }) });
        }
      }
      if (admin && held.created_at <= admin.until && held.created_at > (states.get(`admin:${ADMIN}`) ?? '')) add(admin, { ...toItem(held), recipients });
    }

    for (const [recipient, until] of skipped) {
      if (states.get(`recipient:${recipient}`) !== until) await recordCovered(store.db, { tenant_id: tenant.id, kind: 'recipient', recipient, covered_until: until, last_sent_at: null, last_count: 0 });
    }
    const settle = async (kind: 'recipient' | 'admin', recipient: string, to: string[], bucket: Bucket) => {
      const sent = await deliver(tenant, settings, kind, to, bucket, now, report);
      // Failed: covered no further (a first digest that failed still marks its mail for the next scan).
      const coveredUntil = sent === false ? (states.get(`${kind}:${recipient}`) ?? NOTHING_COVERED) : bucket.until;
      await recordCovered(store.db, { tenant_id: tenant.id, kind, recipient, covered_until: coveredUntil, last_sent_at: sent ? toIso(now) : null, last_count: sent ? bucket.items.length + bucket.more : 0 });
    };
    for (const [recipient, bucket] of buckets) await settle('recipient', recipient, [recipient], bucket);
    if (admin) await settle('admin', ADMIN, settings.adminAddresses, admin);
  }

  /** Sends one digest; true when sent, null when there was nothing to send, false when sending failed. */
  async function deliver(tenant: Tenant, settings: TenantDigestSettings, kind: 'recipient' | 'admin', to: string[], bucket: Bucket, now: number, report: DigestRunReport): Promise<boolean | null> {
    if (!bucket.items.length) return null;
    const rendered = renderDigest({
      kind,
      language: settings.language,
      timeZone: bucket.timeZone,
      tenantName: tenant.name,
      items: bucket.items,
      more: bucket.more,
      retentionDays: options.retentionDays,
      publicUrl: options.publicUrl,
    });
    const domain = options.from.slice(options.from.lastIndexOf('@') + 1) || 'phishgate.invalid';
    const raw = await composeDigest(rendered, { tenantId: tenant.id, from: options.from, fromName: options.fromName, to, kind, messageId: `<${newId('dg')}@${domain}>`, date: new Date(now), language: settings.language }, options.secrets, now);
    try {
      await options.send({ from: options.from, to }, raw);
    } catch {
      report.failed++;
      return false;
    }
    if (kind === 'admin') report.admin_digests++;
    else report.digests++;
    report.messages += bucket.items.length + bucket.more;
    return true;
  }

  return {
    /** One run over every tenant with held mail; a tenant that fails is reported and the others go on. */
    async run(findTenant: (id: string) => Promise<Tenant | undefined>): Promise<DigestRunReport> {
      const now = clock.now();
      const report: DigestRunReport = { tenants: 0, digests: 0, admin_digests: 0, messages: 0, failed: 0 };
      for (const tenantId of await tenantsWithHeldMail(store.db)) {
        const tenant = await findTenant(tenantId);
        if (!tenant) continue;
        report.tenants++;
        await digestTenant(tenant, now, report);
      }
      return report;
    },

    async setPreference(principal: Principal, rawRecipient: string, input: PreferenceInput): Promise<DigestPreference> {
      const recipient = recipientOf(rawRecipient);
      const preference = validatePreference(input);
      const now = toIso(clock.now());
      await upsertPreference(store.db, {
        tenant_id: principal.tenant.id,
        recipient,
        frequency: preference.frequency,
        hour: preference.hour,
        weekday: preference.weekday,
        time_zone: preference.timeZone,
        created_at: now,
        updated_at: now,
      });
      return (await findPreference(store.db, principal.tenant.id, recipient))!;
    },

    async getPreference(principal: Principal, rawRecipient: string): Promise<DigestPreference> {
      const found = await findPreference(store.db, principal.tenant.id, recipientOf(rawRecipient));
      if (!found) throw notFound(`digest preference of ${rawRecipient}`);
      return found;
    },

    async removePreference(principal: Principal, rawRecipient: string): Promise<void> {
      if (!(await deletePreference(store.db, principal.tenant.id, recipientOf(rawRecipient)))) throw notFound(`digest preference of ${rawRecipient}`);
    },

    listPreferences: (principal: Principal, page: { limit: number; offset: number }) => listPreferences(store.db, principal.tenant.id, page),

    /** The tenant's digest settings (from the configuration), for the console and the API. */
    settings: (principal: Principal): TenantDigestSettings => options.settingsOf(principal.tenant.id),

    /** A tenant's settings by id (the self-service page speaks the tenant's language). */
    settingsOf: (tenantId: string): TenantDigestSettings => options.settingsOf(tenantId),
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
