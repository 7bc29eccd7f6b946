/**
 * User-reported phishing (docs/recipients.md, "User reports"). Mail to a tenant's reporting address is
 * a report: each attached original is analysed for that tenant like any message, kept with the
 * reporter's label as feedback (source `report`, the reporter as actor; junk reports are analysed but
 * label nothing: phishgate learns phishing against legitimate mail), and announced by the signed webhook
 * `report.received`. Only people of the tenant report: the reporter's From address and envelope sender
 * must both be at the tenant's own domains (`gateway.domains`), otherwise the report is dropped.
 */
import type { Principal, Tenant } from '../../core/domain.js';
import { isAppError } from '../../core/errors.js';
import type { NormalizedMessage } from '../../core/message.js';
import { plainAddress, type NetworkList } from '../../core/networks.js';
import type { AuthenticationService } from '../authentication/service.js';
import type { AnalysisService } from '../analysis.js';
import type { FeedbackService } from '../feedback.js';
import { normalizeEmail } from '../list-values.js';
import type { Outbox } from '../webhooks/outbox.js';
import { parseReport, type ParsedReport } from './parse-report.js';

export interface ReportIntakeOptions {
  /** Reporting address → tenant id (`reports.addresses`). */
  addresses: Record<string, string>;
  /** Recipient domain → tenant id (`gateway.domains`): who belongs to a tenant. */
  domains: Record<string, string>;
  maxReportBytes: number;
  maxOriginals: number;
  /** `gateway.charge_quota`: reports count like gateway analyses. */
  chargeQuota: boolean;
  parse: (raw: Buffer) => Promise<NormalizedMessage>;
  /** Clients whose reports are believed without a DMARC pass (`reports.trusted_networks`). */
  trustedNetworks: NetworkList;
}

export interface ReportIntakeDeps {
  analysis: AnalysisService;
  feedback: FeedbackService;
  outbox: Outbox;
  findTenant: (id: string) => Promise<Tenant | undefined>;
  /** Verifies a report from an untrusted client (its DMARC must pass); without it such reports are dropped. */
  authentication?: AuthenticationService;
}

/** The report's SMTP envelope as the door saw it. */
export interface ReportEnvelope {
  mailFrom: string;
  clientAddress?: string;
  clientHelo?: string;
}

export interface TakenReport {
  tenantId: string;
  reporter: string;
  label: ParsedReport['label'];
  format: ParsedReport['format'];
  analysisIds: string[];
}

/** What became of the report: taken (one entry per tenant reported to) or dropped, and why. */
export type ReportOutcome = { taken: TakenReport[]; dropped: string | null };

const NOTE_MAX = 1000;

/** The tenant a domain belongs to: the most specific `gateway.domains` entry, no default tenant. */
function tenantOfDomain(domain: string, table: Map<string, string>): string | null {
  for (let d = domain; d; d = d.slice(d.indexOf('.') + 1)) {
    const tenant = table.get(d);
    if (tenant) return tenant;
    if (!d.includes('.')) break;
  }
  return null;
}

const domainOfAddress = (address: string | null): string | null => (address ? address.slice(address.lastIndexOf('@') + 1) : null);

function noteOf(report: ParsedReport, reportingAddress: string): string {
  const ms = report.microsoft;
  const text = ms
    ? `Reported to ${reportingAddress} (Microsoft format, action ${ms.action}); NetworkMessageId ${ms.networkMessageId}; sender IP ${ms.senderIp}; from ${ms.fromAddress}`
    : `Reported to ${reportingAddress} as an attachment`;
  return text.slice(0, NOTE_MAX);
}

export function createReportIntake(deps: ReportIntakeDeps, options: ReportIntakeOptions) {
  const addresses = new Map(Object.entries(options.addresses).flatMap(([address, tenant]) => {
    const normalized = normalizeEmail(address);
    return normalized ? [[normalized, tenant] as const] : [];
  }));
  const domains = new Map(Object.entries(options.domains).map(([domain, tenant]) => [domain.toLowerCase().replace(/\.$/, ''), tenant]));

  const tenantOfReporter = (address: string | null): string | null => {
    const domain = domainOfAddress(address);
    return domain ? tenantOfDomain(domain, domains) : null;
  };

  /** From the mail system's own hosts, or DMARC passes for the reporter's domain: anything else may be forged. */
  async function believable(raw: Buffer, envelope: ReportEnvelope, reporter: string): Promise<boolean> {
    if (envelope.clientAddress && options.trustedNetworks.has(plainAddress(envelope.clientAddress))) return true;
    if (!deps.authentication) return false;
    let message: NormalizedMessage;
    try {
      message = await options.parse(raw);
    } catch (error) {
      if (isAppError(error)) return false;
      throw error;
    }
    const facts = await deps.authentication.authenticate({
      raw,
      envelope: { clientIp: envelope.clientAddress, helo: envelope.clientHelo, mailFrom: envelope.mailFrom },
      message,
      tenantId: '',
    });
    return facts.dmarc.result === 'pass' && facts.dmarc.domain.toLowerCase() === domainOfAddress(reporter);
  }

  async function takeForTenant(tenantId: string, reportingAddress: string, reporter: string, report: ParsedReport): Promise<TakenReport> {
    const tenant = await deps.findTenant(tenantId);
    if (!tenant) throw new Error(`reports.addresses maps ${reportingAddress} to tenant ${tenantId}, which does not exist`);
    const principal: Principal = { tenant, livemode: true };
    const analysisIds: string[] = [];
    for (const original of report.originals) {
      let message: NormalizedMessage;
      try {
        message = await options.parse(original);
      } catch (error) {
        // An attachment that is not a readable message is not reported; the others still are.
        if (isAppError(error)) continue;
        throw error;
      }
      const { record } = await deps.analysis.analyze(principal, message, { source: 'smtp', chargeQuota: options.chargeQuota, recipients: [reporter] });
      const note = noteOf(report, reportingAddress);
      const feedback = report.label === 'junk' ? null : (await deps.feedback.recordFeedback(principal, record.analysis_id, report.label, note, { source: 'report', id: reporter }, original)).feedback;
      await deps.outbox.publish(principal, 'report.received', record.analysis_id, {
        report: {
          reporter,
          reporting_address: reportingAddress,
          label: report.label,
          format: report.format,
          feedback_id: feedback?.id ?? null,
          microsoft: report.microsoft && {
            action: report.microsoft.action,
            network_message_id: report.microsoft.networkMessageId,
            sender_ip: report.microsoft.senderIp,
            from_address: report.microsoft.fromAddress,
            subject: report.microsoft.subject,
          },
        },
        analysis: record,
      });
      analysisIds.push(record.analysis_id);
    }
    return { tenantId, reporter, label: report.label, format: report.format, analysisIds };
  }

  return {
    /** True for a configured reporting address (any case of the local part's domain). */
    isReportAddress: (rcpt: string): boolean => {
      const normalized = normalizeEmail(rcpt);
      return normalized !== null && addresses.has(normalized);
    },

    get enabled(): boolean {
      return addresses.size > 0;
    },

    /** Reads one report sent to `reportTo` (reporting addresses among the envelope recipients). */
    async take(raw: Buffer, envelope: ReportEnvelope, reportTo: string[]): Promise<ReportOutcome> {
      if (raw.length > options.maxReportBytes) return { taken: [], dropped: 'report larger than reports.max_report_bytes' };
      const report = await parseReport(raw, options.maxOriginals);
      if (!report) return { taken: [], dropped: 'no original attached (message/rfc822 or .eml)' };
      const reporter = report.from ? normalizeEmail(report.from) : null;
      const sender = envelope.mailFrom ? normalizeEmail(envelope.mailFrom) : null;
      if (!reporter || !sender) return { taken: [], dropped: 'reporter address missing or invalid' };
      if (!(await believable(raw, envelope, reporter))) return { taken: [], dropped: 'reporter not authenticated (untrusted client and no DMARC pass)' };
      const taken: TakenReport[] = [];
      const seen = new Set<string>();
      for (const rcpt of reportTo) {
        const reportingAddress = normalizeEmail(rcpt)!;
        const tenantId = addresses.get(reportingAddress);
        if (!tenantId || seen.has(tenantId)) continue;
        seen.add(tenantId);
        // A report is a label in the tenant's training data: only the tenant's own people give one.
        if (tenantOfReporter(reporter) !== tenantId || tenantOfReporter(sender) !== tenantId) continue;
        taken.push(await takeForTenant(tenantId, reportingAddress, reporter, report));
      }
      return { taken, dropped: taken.length ? null : 'reporter is not at a domain of the reporting address\'s tenant' };
    },
  };
}

export type ReportIntake = ReturnType<typeof createReportIntake>;
