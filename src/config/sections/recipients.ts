/** Configuration of what involves recipients and their feedback (docs/recipients.md). */
import { Type, type Static } from '@sinclair/typebox';
import cron from 'node-cron';
import { Section } from './common.js';

export const FeedbackSection = Section({
  /** Bytes of a labelled message kept for tenant training (longer messages are cut). */
  max_message_bytes: Type.Integer({ minimum: 1024, maximum: 26214400 }),
  /** Days feedback (and its message) is kept after its last change. */
  retention_days: Type.Integer({ minimum: 1 }),
});

const Frequency = Type.Union([Type.Literal('never'), Type.Literal('hourly'), Type.Literal('daily'), Type.Literal('weekly')]);
const Language = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de'), Type.Literal('es'), Type.Literal('it')]);

const TenantDigest = {
  frequency: Frequency,
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  time_zone: Type.String({ minLength: 1 }),
  language: Language,
  admin_addresses: Type.Array(Type.String({ minLength: 3, maxLength: 320 }), { maxItems: 50 }),
  admin_frequency: Frequency,
};

export const DigestsSection = Section({
  /** Run the digest job in this process. */
  enabled: Type.Boolean(),
  /** node-cron expression: how often the job looks for digests that are due. */
  schedule: Type.String({ minLength: 1 }),
  /** Envelope sender and From address of digests. */
  from: Type.String({ minLength: 3, maxLength: 320 }),
  from_name: Type.String({ maxLength: 200 }),
  /** The console's public URL; the only site digests link to. */
  public_url: Type.Union([Type.String({ minLength: 8, maxLength: 2000 }), Type.Null()]),
  max_items: Type.Integer({ minimum: 1, maximum: 1000 }),
  defaults: Section(TenantDigest),
  tenants: Type.Record(Type.String({ minLength: 1 }), Type.Partial(Section(TenantDigest))),
});

export const SelfServiceSection = Section({
  /** Serve the self-service page (one-click links of digests) on the HTTP door. */
  enabled: Type.Boolean(),
  /** Hours a one-click link stays valid. */
  link_ttl_hours: Type.Integer({ minimum: 1, maximum: 2160 }),
  /**
   * How many different recipients must release one message through their links before the release
   * writes the tenant-wide "genuine" label its model learns from (docs/recipients.md "Self-service
   * links"); fewer count for themselves only. An admin's decision always labels.
   */
  genuine_label_after_recipients: Type.Integer({ minimum: 1, maximum: 100 }),
});

export const ReportsSection = Section({
  /** Reporting address → tenant id: mail to it on the SMTP door is a user's report (docs/recipients.md). */
  addresses: Type.Record(Type.String({ minLength: 3, maxLength: 320 }), Type.String({ minLength: 1 })),
  /** Reports larger than this are not read (dropped, logged). */
  max_report_bytes: Type.Integer({ minimum: 1024, maximum: 52428800 }),
  /** Attached originals taken from one report; further ones are ignored. */
  max_originals: Type.Integer({ minimum: 1, maximum: 20 }),
  /** Clients (CIDR) whose reports are believed without a DMARC pass: the mail system's own hosts. */
  trusted_networks: Type.Array(Type.String({ minLength: 1 }), { maxItems: 100 }),
});

export const LearningSection = Section({
  /**
   * The labelled corpus (labels.jsonl + message files) tenant models start from: the data the shipped
   * model was trained on, or your own. null: `train --tenant` needs `--base DIR`.
   */
  base_corpus: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** Where tenant models are written (`<tenant id>.json`) and where `serve` looks for them. */
  models_dir: Type.String({ minLength: 1 }),
  /** Newest distinct labelled messages of a tenant used for training. */
  max_feedback: Type.Integer({ minimum: 10, maximum: 100000 }),
  /** Distinct labelled messages a tenant needs before its model may replace the shipped one. */
  min_feedback: Type.Integer({ minimum: 4 }),
  /** … and of each label (phishing, ham). */
  min_per_label: Type.Integer({ minimum: 2 }),
  /** Share of the tenant's messages held out to validate the new model against the current one. */
  holdout_fraction: Type.Number({ minimum: 0.1, maximum: 0.5 }),
  /** Seconds between two looks at a tenant's model file in `serve` (a new file is picked up without restart). */
  reload_check_s: Type.Integer({ minimum: 0, maximum: 3600 }),
});

type Digests = Static<typeof DigestsSection>;
type Reports = Static<typeof ReportsSection>;

/** local@domain.tld with no spaces or angle brackets; one linear pass (no backtracking regex on config input). */
function looksLikeAddress(address: string): boolean {
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@') || /[\s<>]/.test(address)) return false;
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1;
}

/** Checks the schema cannot express for `reports`; the first problem as `path: message`, or null. */
export function reportsConfigProblem(reports: Reports): string | null {
  for (const address of Object.keys(reports.addresses)) {
    if (!looksLikeAddress(address)) return `reports.addresses: "${address}" is not an email address`;
  }
  return null;
}

const isTimeZone = (name: string): boolean => {
  // The default zone needs no check: asking Intl loads ICU's time-zone data, 10–25 ms at the start of
  // every command (docs/performance.md, "Start-up").
  if (name === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** Checks the schema cannot express; returns the first problem as `path: message`, or null. */
export function digestConfigProblem(digests: Digests): string | null {
  if (!cron.validate(digests.schedule)) return `digests.schedule: "${digests.schedule}" is not a cron expression`;
  if (digests.public_url !== null) {
    let url: URL | null = null;
    try {
      url = new URL(digests.public_url);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) return `digests.public_url: "${digests.public_url}" must be an http(s) URL without credentials`;
  }
  const zones: Array<[string, string | undefined]> = [['digests.defaults.time_zone', digests.defaults.time_zone], ...Object.entries(digests.tenants).map(([id, t]): [string, string | undefined] => [`digests.tenants.${id}.time_zone`, t.time_zone])];
  for (const [path, zone] of zones) if (zone !== undefined && !isTimeZone(zone)) return `${path}: "${zone}" is not a known time zone`;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(digests.from)) return `digests.from: "${digests.from}" is not an email address`;
  return null;
}
