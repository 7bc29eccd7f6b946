/**
 * What the SMTP door and the milter share (docs/gateway.md): one decision per message, made by analysing it
 * once per tenant among its recipients and applying the strictest action.
 */
import type { Verdict } from './analysis.js';
import type { RawMessage } from './raw-message.js';

export type GatewayAction = 'pass' | 'tag' | 'quarantine' | 'reject';
export type GatewayDoor = 'smtp' | 'milter';

export interface GatewayEnvelope {
  /** MAIL FROM without angle brackets ('' for the null sender). */
  mailFrom: string;
  rcptTo: string[];
  clientAddress?: string;
  clientHelo?: string;
  /** MTA queue id, when known (milter macro `i`, XFORWARD IDENT). */
  queueId?: string;
}

export interface HeaderToAdd {
  name: string;
  value: string;
}

/** One tenant's share of a message. */
export interface TenantOutcome {
  tenantId: string;
  recipients: string[];
  analysisId: string;
  verdict: Verdict;
  score: number;
  action: GatewayAction;
  reasons: string[];
}

export interface GatewayDecision {
  /** The strictest action over all tenants (reject > quarantine > tag > pass). */
  action: GatewayAction;
  /** The strictest verdict, or null when the message was not scanned (oversize). */
  verdict: Verdict | null;
  /** `X-Phishgate-*` headers to put at the top when tagging (empty otherwise). */
  addHeaders: HeaderToAdd[];
  /** Replacement Subject when tagging adds a prefix, else null. Already RFC 2047-safe. */
  newSubject: string | null;
  /** For `reject`: the SMTP reply. */
  reject: { code: number; enhanced: string; text: string } | null;
  /** Short reason for quarantine (milter hold reason, quarantine listing). */
  quarantineReason: string | null;
  tenants: TenantOutcome[];
  /** Mail phishgate signed itself (digests): relayed byte for byte, its own X-Phishgate-Signature kept. */
  verbatim?: boolean;
  /**
   * With recipients of several tenants: one decision per tenant, each about its own recipients' copy
   * (its own headers, subject tag and action). The SMTP door delivers these copies; the fields above
   * then describe the single shared copy the milter can act on (docs/milter.md).
   */
  copies?: GatewayDecision[];
}

/** Stores a quarantined message for each quarantining tenant (implemented by services/quarantine.ts). */
export interface QuarantineSink {
  store(raw: RawMessage, envelope: GatewayEnvelope, decision: GatewayDecision, door: GatewayDoor): Promise<string[]>;
}

export interface Gateway {
  /** Analyse `raw` for every tenant among `envelope.rcptTo` and decide what happens to it. */
  decide(raw: RawMessage, envelope: GatewayEnvelope, door: GatewayDoor): Promise<GatewayDecision>;
  /** Keep the message in each quarantining tenant's store; returns the quarantine ids. */
  quarantine(raw: RawMessage, envelope: GatewayEnvelope, decision: GatewayDecision, door: GatewayDoor): Promise<string[]>;
}

/** Header names phishgate writes; any copy arriving from outside is removed before tagging. */
export const PHISHGATE_HEADER_PREFIX = 'x-phishgate-';
