/**
 * The SMTP door's hook for user reports (docs/recipients.md, "User reports"): recipients that are
 * reporting addresses are taken out of the envelope and their copy goes to the report intake instead of
 * the next hop. A report phishgate does not take (no original attached, a reporter outside the tenant)
 * is still answered 250 and dropped: refusing it would make the MTA bounce to a sender who may be forged.
 */
import type { Logger } from 'pino';
import type { SMTPServerSession } from 'smtp-server';
import type { GatewayEnvelope } from '../core/gateway.js';
import type { RawMessage } from '../core/raw-message.js';
import type { ReportIntake } from '../services/reports/intake.js';
import { temporaryFailure } from './replies.js';

/** The reporting addresses among the recipients (none without an intake). */
export const reportRecipients = (intake: ReportIntake | undefined, envelope: GatewayEnvelope): string[] =>
  intake?.enabled ? envelope.rcptTo.filter((rcpt) => intake.isReportAddress(rcpt)) : [];

/** Hands the report to the intake; resolves with the 250 text, rejects with a 451 on a fault. */
export async function takeReport(intake: ReportIntake, raw: RawMessage, envelope: GatewayEnvelope, reportTo: string[], session: SMTPServerSession, logger: Logger): Promise<string> {
  try {
    const outcome = await intake.take(await raw.toBuffer(), envelope, reportTo);
    const analyses = outcome.taken.flatMap((t) => t.analysisIds);
    logger.info({ session: session.id, size: raw.size, reports: outcome.taken.map((t) => ({ tenant: t.tenantId, label: t.label, format: t.format, analyses: t.analysisIds })), dropped: outcome.dropped }, 'smtp: user report');
    return outcome.dropped ? `Ok: report not taken by phishgate (${outcome.dropped})` : `Ok: report received by phishgate (${analyses.join(', ') || 'no readable original'})`;
  } catch (error) {
    logger.warn({ session: session.id, err: error }, 'smtp: report intake failed; answering 451');
    throw temporaryFailure('phishgate could not take the report, try again later');
  }
}
