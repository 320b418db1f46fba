import type { Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './core';

export type OrganizationDomainStatus = 'pending' | 'verified';

/** An e-mail domain an organization proves it controls with a DNS TXT record (issue 37). */
export type OrganizationDomainsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  organization_id: number;
  domain: string;
  status: Generated<OrganizationDomainStatus>;
  /** The value the TXT record `_scmp-verify.<domain>` must hold. */
  token: string;
  /** What the last check saw when it was not right ("TXT record not found"). */
  reason: string | null;
  attempts: Generated<number>;
  checked_at: NullableTimestamp;
  verified_at: NullableTimestamp;
  /** When the worker looks again (null: not scheduled). */
  next_check_at: NullableTimestamp;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type SsoTables = {
  organization_domains: OrganizationDomainsTable;
};
