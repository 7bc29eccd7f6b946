import { Type } from '@sinclair/typebox';
import { GatewayAction, Host, HostPort, Port, Section } from './common.js';

export const ActionsByVerdict = Section({ safe: GatewayAction, suspicious: GatewayAction, phishing: GatewayAction });

export const GatewaySection = Section({
  /** Recipient domain → tenant id (docs/gateway.md). */
  domains: Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 })),
  /** Tenant for recipients whose domain is not listed; null refuses them with a temporary failure. */
  default_tenant: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** Per-verdict action (docs/gateway.md defaults: tag, tag, quarantine). */
  actions: ActionsByVerdict,
  /** Per-tenant overrides of `actions`. */
  tenant_actions: Type.Record(Type.String({ minLength: 1 }), Type.Partial(ActionsByVerdict)),
  subject_tags: Section({ suspicious: Type.String(), phishing: Type.String() }),
  /** Whether gateway analyses count against the tenant's API quota. */
  charge_quota: Type.Boolean(),
  /**
   * A tenant past its quota (with charge_quota): its mail is still analysed, uncharged (scan_uncharged),
   * or passed unscanned with X-Phishgate-Skipped: quota (tag_unscanned, the old behaviour). docs/security.md.
   */
  over_quota: Type.Union([Type.Literal('scan_uncharged'), Type.Literal('tag_unscanned')]),
  /** Bare CR or LF in the header section: refused with 550 (reject) or rewritten as CRLF before analysis (normalise; SMTP door only). */
  bare_newlines: Type.Union([Type.Literal('reject'), Type.Literal('normalise')]),
  /** Mail that hit an analysis limit the sender can choose (rule CONTENT_BEYOND_LIMITS): scored only, or at least quarantined. */
  beyond_limits: Type.Union([Type.Literal('score'), Type.Literal('quarantine')]),
    /** Messages above this size are not scanned (docs/gateway.md: 25 MiB). */
  max_message_bytes: Type.Integer({ minimum: 1024 }),
  /** What to do with an oversized message: pass it with X-Phishgate-Skipped, or reject it. */
  oversize_action: Type.Union([Type.Literal('pass'), Type.Literal('reject')]),
  /** Raw messages above this many bytes are spooled to disk instead of memory. */
  spill_threshold_bytes: Type.Integer({ minimum: 0 }),
  /** Directory for spooled messages; null uses the OS temp directory. */
  spool_dir: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  /** Days a quarantined message is kept. */
  quarantine_days: Type.Integer({ minimum: 1 }),
});

export const SmtpSection = Section({
  /** Run the after-queue content filter (docs/gateway.md). */
  enabled: Type.Boolean(),
  host: Host,
  port: Port,
  /** Name in the greeting and EHLO replies, and sent with EHLO to the next hop; null = the machine's host name. */
  hostname: Type.Union([Type.String({ minLength: 1, pattern: '^[^\\s]+$' }), Type.Null()]),
  /** Next hop for relayed and released mail (Postfix re-injection listener). */
  relay: HostPort,
  /** Client networks allowed to connect (CIDR). */
  allowed_networks: Type.Array(Type.String({ minLength: 1 })),
  /** Hosts whose XFORWARD is believed (CIDR). */
  xforward_networks: Type.Array(Type.String({ minLength: 1 })),
  tls: Section({ key_file: Type.Union([Type.String(), Type.Null()]), cert_file: Type.Union([Type.String(), Type.Null()]) }),
  /** Largest message accepted at all (advertised with SIZE); mail between gateway.max_message_bytes and this passes unscanned. */
  size_limit_bytes: Type.Integer({ minimum: 1024 }),
  max_sessions: Type.Integer({ minimum: 1 }),
  /** Concurrent sessions from one client address. */
  max_sessions_per_client: Type.Integer({ minimum: 1 }),
  /** A client that has sent no complete command line this long after connecting is closed (421). */
  handshake_timeout_ms: Type.Integer({ minimum: 100 }),
  /** A session whose last complete command line is this old is closed (421), unless phishgate owes the reply. */
  idle_timeout_ms: Type.Integer({ minimum: 1000 }),
  relay_timeout_ms: Type.Integer({ minimum: 100 }),
  relay_pool_size: Type.Integer({ minimum: 1 }),
  /** Per-door overrides of gateway.actions. */
  actions: Type.Partial(ActionsByVerdict),
});

export const MilterSection = Section({
  enabled: Type.Boolean(),
  host: Host,
  port: Port,
  /** hold = Postfix hold queue, store = phishgate's quarantine (message discarded by the MTA), both. */
  quarantine_mode: Type.Union([Type.Literal('hold'), Type.Literal('store'), Type.Literal('both')]),
  /** On internal error: tempfail (mail retried) or accept (fail open). */
  on_error: Type.Union([Type.Literal('tempfail'), Type.Literal('accept')]),
  /** Send SMFIR_PROGRESS this often while an analysis runs (below the MTA's milter_content_timeout). */
  progress_interval_ms: Type.Integer({ minimum: 100 }),
  /** Longest an end-of-message decision (analysis and quarantine) may take before it counts as an internal error. */
  decision_timeout_ms: Type.Integer({ minimum: 1000 }),
  /** Largest milter frame accepted (length field); a bigger one closes the connection. */
  max_frame_bytes: Type.Integer({ minimum: 1024 }),
  /** A connection whose last complete command is this old is closed (Postfix keeps one open per SMTP session). */
  idle_timeout_ms: Type.Integer({ minimum: 1000 }),
  /** A connection that has not negotiated within this time is closed (Postfix negotiates at once). */
  negotiate_timeout_ms: Type.Integer({ minimum: 100 }),
  /** Concurrent milter connections; more are closed at once (the MTA applies milter_default_action). */
  max_sessions: Type.Integer({ minimum: 1 }),
  /** Concurrent milter connections from one client address. */
  max_sessions_per_client: Type.Integer({ minimum: 1 }),
  /** Per-door overrides of gateway.actions. */
  actions: Type.Partial(ActionsByVerdict),
});
