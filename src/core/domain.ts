/** Plain domain types shared by services and doors; repositories map rows to these. */

export const PLAN_CODES = ['discovery', 'starter', 'growth', 'scale', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export interface Plan {
  code: PlanCode;
  name: string;
  monthlyPriceEur: number | null;
  /** null = unlimited. */
  includedQuota: number | null;
  /** Price of each analysis beyond the quota in micro-euros; null = refused (or negotiated). */
  surplusMicros: number | null;
}

export interface Tenant {
  id: string;
  name: string;
  planCode: PlanCode;
  /** Refuse analyses beyond the included quota instead of billing them (docs/api.md). */
  hardLimit: boolean;
  /** Overrides the plan's included quota when set. */
  quotaLimit: number | null;
  ratePerSecond: number | null;
  rateBurst: number | null;
  createdAt: string;
  updatedAt: string;
}

export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export interface ApiKey {
  id: string;
  tenantId: string;
  name: string;
  mode: KeyMode;
  scopes: Scope[];
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** Who is asking: a tenant, in live or test mode, through an API key or a mail door. */
export interface Principal {
  tenant: Tenant;
  livemode: boolean;
  /** Absent for the SMTP and milter doors. */
  key?: ApiKey;
}

export const LIST_NAMES = ['allow', 'block'] as const;
export type ListName = (typeof LIST_NAMES)[number];
export const LIST_ENTRY_TYPES = ['domain', 'email'] as const;
export type ListEntryType = (typeof LIST_ENTRY_TYPES)[number];

export interface ListEntry {
  id: string;
  type: ListEntryType;
  value: string;
  note: string | null;
  createdAt: string;
  expiresAt: string | null;
  /** null for a tenant-wide entry; else the one recipient it applies to (docs/recipients.md). */
  recipient: string | null;
}
