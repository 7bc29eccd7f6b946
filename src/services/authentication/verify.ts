/**
 * Our own SPF, DKIM, DMARC and ARC checks with mailauth (docs/authentication.md "What phishgate checks").
 * Every fact produced here has provenance `verified`. DNS trouble makes a method temperror — it never
 * throws out of here and never turns into a pass.
 */
import { isIP } from 'node:net';
import type { DNSResolver } from 'mailauth';
import { loadMailauth, type Mailauth } from './mailauth.js';
import type { ArcFact, DkimFact, DmarcFact, DmarcPolicy, SpfFact } from '../../core/authentication.js';
export type { VerifiedFacts } from '../../mail/auth-combine.js';
import type { AuthOutcome } from '../../core/message.js';
import type { NetworkList } from '../../core/networks.js';
import type { VerifiedFacts } from '../../mail/auth-combine.js';
import { toAuthOutcome } from '../../mail/auth-results.js';
import type { DnsResolve } from './resolver.js';

/** What the transport told us: the connecting client, its HELO and the MAIL FROM address. */
export interface VerifyEnvelope {
  clientIp?: string | undefined;
  helo?: string | undefined;
  /** MAIL FROM without brackets; '' for the null sender. */
  mailFrom?: string | null | undefined;
}

export interface VerifyOptions {
  /** Names us in SPF comments. */
  authservId: string;
  trustedArcSealers: readonly string[];
  internalNetworks: NetworkList;
  minKeyBits: number;
  spfMaxLookups: number;
  spfMaxVoidLookups: number;
}


/** Signatures reported per message; the rest are verified (bounded by the DNS budget) but not listed. */
const MAX_DKIM_FACTS = 20;

const outcome = (raw: unknown, fallback: AuthOutcome = 'temperror'): AuthOutcome => toAuthOutcome(typeof raw === 'string' ? raw : undefined) ?? fallback;
const lower = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase().replace(/\.$/, '') : '');
const short = (text: unknown): string | undefined => (typeof text === 'string' && text ? text.slice(0, 300) : undefined);

async function checkSpf(spf: Mailauth['spf'], envelope: VerifyEnvelope, resolver: DNSResolver, options: VerifyOptions): Promise<{ fact?: SpfFact; skipped?: string; passDomain?: string }> {
  const ip = envelope.clientIp?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  if (!ip || !isIP(ip)) return { skipped: 'no client address' };
  if (options.internalNetworks.has(ip)) return { skipped: `client ${ip} is an internal relay (auth.internal_networks)` };
  let helo = envelope.helo?.trim() || ip;
  if (isIP(helo)) helo = `[${helo}]`;
  const sender = envelope.mailFrom || undefined;
  const result = (await spf({ ip, helo, ...(sender ? { sender } : {}), mta: options.authservId, resolver, maxResolveCount: options.spfMaxLookups, maxVoidCount: options.spfMaxVoidLookups })) as unknown as {
    domain?: string;
    status: { result?: string; comment?: string };
  };
  const fact: SpfFact = { result: outcome(result.status.result), domain: lower(result.domain), provenance: 'verified', client_ip: ip, helo };
  const comment = short(result.status.comment);
  if (comment) fact.comment = comment;
  return { fact, ...(fact.result === 'pass' && fact.domain ? { passDomain: fact.domain } : {}) };
}

interface DkimRow {
  id?: string;
  signingDomain?: string;
  selector?: string;
  algo?: string;
  status: { result?: string; aligned?: string | false; comment?: string; underSized?: number };
}

function dkimFacts(rows: DkimRow[]): DkimFact[] {
  // mailauth reports an unsigned message as one row without a domain: no signature, no fact.
  return rows.filter((row) => row.signingDomain).slice(0, MAX_DKIM_FACTS).map((row) => {
    const fact: DkimFact = {
      result: outcome(row.status.result, 'neutral'),
      domain: lower(row.signingDomain),
      selector: row.selector ?? '',
      algorithm: row.algo ?? '',
      aligned: Boolean(row.status.aligned),
      provenance: 'verified',
    };
    const comment = short(row.status.comment);
    if (comment) fact.comment = comment;
    return fact;
  });
}

interface ArcRaw {
  status: { result?: string; comment?: string };
  i?: number | false;
  authenticationResults?: { dmarc?: { result?: string }; spf?: { result?: string }; dkim?: Array<{ result?: string }> };
}

function arcFact(raw: ArcRaw, sealer: string, trustedSealers: readonly string[]): ArcFact {
  const result = raw.status.result === 'pass' || raw.status.result === 'fail' ? raw.status.result : 'none';
  const fact: ArcFact = { result, instance: typeof raw.i === 'number' ? raw.i : 0, sealer, trusted: sealer !== '' && trustedSealers.includes(sealer), provenance: 'verified' };
  const recorded = raw.authenticationResults;
  if (result === 'pass' && recorded) {
    const dkim = (recorded.dkim ?? []).map((d) => outcome(d.result, 'none'));
    fact.original = {
      ...(recorded.spf?.result ? { spf: outcome(recorded.spf.result, 'none') } : {}),
      ...(dkim.length ? { dkim: dkim.includes('pass') ? 'pass' : dkim[0]! } : {}),
      ...(recorded.dmarc?.result ? { dmarc: outcome(recorded.dmarc.result, 'none') } : {}),
    };
  }
  const comment = short(raw.status.comment);
  if (comment) fact.comment = comment;
  return fact;
}

interface DmarcRaw {
  status: { result?: string; comment?: string };
  domain?: string;
  policy?: string;
  alignment?: { spf?: { result?: string | false }; dkim?: { result?: string | false } };
}

function dmarcFact(raw: DmarcRaw, arcOverride: boolean): DmarcFact {
  const policy = ['none', 'quarantine', 'reject'].includes(raw.policy ?? '') ? (raw.policy as DmarcPolicy) : null;
  const fact: DmarcFact = {
    result: outcome(raw.status.result),
    domain: lower(raw.domain),
    policy,
    provenance: 'verified',
    aligned: { spf: Boolean(raw.alignment?.spf?.result), dkim: Boolean(raw.alignment?.dkim?.result) },
  };
  if (arcOverride && fact.result === 'fail') fact.arc_override = true;
  const comment = short(raw.status.comment);
  if (comment) fact.comment = comment;
  return fact;
}

const SIGNATURE_FIELD = /^(?:dkim-signature|arc-seal|arc-message-signature)[ \t]*:/im;

/**
 * The part of the message DKIM and ARC must read: all of it when it carries a signature or a seal; else
 * only the header section (DMARC needs the From field, no body needs hashing), which saves streaming
 * and canonicalising the body of the many unsigned messages.
 */
export function verificationInput(raw: Buffer): Buffer {
  const head = raw.subarray(0, Math.min(raw.length, 1024 * 1024)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  if (end < 0 || SIGNATURE_FIELD.test(head.slice(0, end))) return raw;
  return Buffer.concat([raw.subarray(0, end), Buffer.from('\r\n\r\n')]);
}

/** Runs the four checks on one message. `resolve` is already bounded (cache, timeout, per-message budget). */
export async function verifyMessage(raw: Buffer, envelope: VerifyEnvelope, resolve: DnsResolve, options: VerifyOptions): Promise<VerifiedFacts> {
  const resolver = resolve as unknown as DNSResolver;
  const { dkimVerify, spf, dmarc, arc } = await loadMailauth();
  const sender = envelope.mailFrom || undefined;
  const dkim = await dkimVerify(verificationInput(raw), { resolver, ...(sender ? { sender } : {}), minBitLength: options.minKeyBits });
  const spfChecked = await checkSpf(spf, envelope, resolver, options);
  const arcData = (dkim as unknown as { arc?: { chain: unknown[]; lastEntry?: { 'arc-seal'?: { parsed?: { d?: { value?: string } } } } } }).arc;
  const arcRaw = (arcData ? await arc(arcData as never, { resolver, minBitLength: options.minKeyBits }) : { status: { result: 'none' } }) as ArcRaw;
  const sealer = lower(arcData?.lastEntry?.['arc-seal']?.parsed?.d?.value);
  const arcResult = arcFact(arcRaw, sealer, options.trustedArcSealers);
  const rows = (dkim.results ?? []) as unknown as DkimRow[];

  let dmarcResult: DmarcFact | undefined;
  const from = dkim.headerFrom;
  if (from && from.length === 1) {
    const raw = (await dmarc({
      headerFrom: from,
      spfDomains: spfChecked.passDomain ? [spfChecked.passDomain] : [],
      dkimDomains: rows.filter((r) => r.status.result === 'pass').map((r) => ({ ...(r.id ? { id: r.id } : {}), domain: r.signingDomain ?? '', aligned: Boolean(r.status.aligned), underSized: Boolean(r.status.underSized) })),
      arcResult: arcRaw as never,
      resolver,
    })) as DmarcRaw | false;
    // A trusted sealer saw the message pass DMARC before a list or forwarder changed it.
    const vouched = arcResult.result === 'pass' && arcResult.trusted && arcResult.original?.dmarc === 'pass';
    if (raw) dmarcResult = dmarcFact(raw, vouched);
  }
  let dmarcSkipped: string | undefined = from && from.length > 1 ? 'several From addresses' : undefined;
  // Without an SPF check a failure only means "no aligned DKIM signature": not proof of spoofing.
  if (dmarcResult?.result === 'fail' && !spfChecked.fact && !dmarcResult.arc_override) {
    dmarcSkipped = `not conclusive: SPF was not checked (${spfChecked.skipped ?? 'no client address'}) and no aligned DKIM signature passed`;
    dmarcResult = undefined;
  }
  return {
    ...(spfChecked.fact ? { spf: spfChecked.fact } : { spfSkipped: spfChecked.skipped ?? 'not checked' }),
    dkim: dkimFacts(rows),
    ...(dmarcResult ? { dmarc: dmarcResult } : {}),
    ...(dmarcSkipped ? { dmarcSkipped } : {}),
    arc: arcResult,
  };
}
