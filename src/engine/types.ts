import type { EngineResult } from '../core/analysis.js';
import type { AuthenticationFacts } from '../core/authentication.js';
import type { NormalizedMessage } from '../core/message.js';
import type { ClassifierModel } from './classifier/model.js';

/** An allow- or block-list entry as the engine sees it (docs/api.md). */
export interface ListEntryRef {
  id: string;
  type: 'domain' | 'email';
  /** Lower-cased domain or address. */
  value: string;
  note: string | null;
}

/** One recipient's own allow and block entries (docs/recipients.md). */
export interface RecipientLists {
  recipient: string;
  allowList: ListEntryRef[];
  blockList: ListEntryRef[];
}

/** Everything about the tenant the engine may use; the engine does no I/O of its own (besides the optional LLM). */
export interface AnalysisContext {
  allowList: ListEntryRef[];
  blockList: ListEntryRef[];
  /**
   * One element per recipient the analysis is for, with that recipient's own entries (empty lists
   * included). They are consulted before the tenant-wide lists and decide only when every recipient's
   * entries agree. Absent or empty: tenant-wide lists only.
   */
  recipientLists?: RecipientLists[];
  /** Domains the tenant receives mail for: lookalike targets and "recipient's own domain" checks. */
  tenantDomains: string[];
  now: number;
  /**
   * Sender authentication with provenance, from the authentication service (docs/authentication.md);
   * absent = nothing known. Only verified and trusted-header facts count.
   */
  authentication?: AuthenticationFacts;
  /**
   * Without `authentication`: read the message's Authentication-Results with these trusted authserv-ids
   * (nothing verified; `phishgate scan` of stored mail). Absent = the headers count for nothing.
   */
  headerTrust?: { trustedIds: string[]; ownId: string };
  /** The tenant's own classifier model (docs/recipients.md, "Tenant learning"); absent: the engine's. */
  classifier?: ClassifierModel;
  /**
   * What the tenant has seen of the sender's registrable domain before this message (docs/reputation.md
   * "Sender history"): null = never; absent = sender history is off or unknown (the rules say nothing).
   */
  senderHistory?: SenderHistoryFacts | null;
}

export interface SenderHistoryFacts {
  domain: string;
  firstSeen: string;
  messages: number;
  judgedSafe: number;
  released: number;
  reported: number;
}

/** The single entry point used by the REST API, the SMTP door, the milter and `phishgate scan`. */
export interface Engine {
  readonly version: string;
  analyze(message: NormalizedMessage, ctx: AnalysisContext): Promise<EngineResult>;
}
