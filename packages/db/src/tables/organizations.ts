import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp, OrganizationRecord, UuidRecord } from './core';

export type OrganizationType = 'school' | 'camp' | 'other';
/** `closing` during the 60 days after DELETE /organizations/{id}; `closed` once purged. */
export type OrganizationStatus = 'pending' | 'active' | 'inactive' | 'closing' | 'closed';
export type InstanceStatus = 'pending' | 'provisioning' | 'active' | 'suspended' | 'terminated';
/**
 * What the last certificate check saw: `not_configured` when the deployment has no TLS proxy
 * (PUBLIC_HTTPS=false, the local default); `expiring` is under 14 days from its end.
 */
export type SslStatus = 'pending' | 'active' | 'expiring' | 'expired' | 'failed' | 'not_configured';

/** A nullable column that inserts may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type CustomDomainStatus = 'pending_dns' | 'verified' | 'active' | 'failed';

export type OrganizationsTable = UuidRecord & {
  owner_id: number;
  name: string;
  type: OrganizationType;
  description: string | null;
  /** Unique when set; lower-case letters, digits and hyphens. */
  subdomain: string | null;
  status: Generated<OrganizationStatus>;
  /** When the owner closed it (status `closing`); null otherwise. */
  closing_at: Optional<Date>;
  /** When the purge job deletes it: 60 days after closing_at. */
  purge_at: Optional<Date>;
  /** The status a restore puts back. */
  status_before_closing: Optional<OrganizationStatus>;
  /** When its rows were purged (status `closed`: the row stays as the minimal billing record). */
  purged_at: Optional<Date>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type InstancesTable = OrganizationRecord & {
  /** Denormalised owner for ownership checks without a join. */
  owner_id: number;
  name: string;
  /** The host prefix: host = {prefix}-{org subdomain}.INSTANCE_DOMAIN */
  prefix: string;
  /** Unique while the instance lives; null once terminated (host released). */
  host: string | null;
  status: Generated<InstanceStatus>;
  ssl_status: Generated<SslStatus>;
  /** Bare lower-case host name, unique among live instances. */
  custom_domain: string | null;
  custom_domain_status: Optional<CustomDomainStatus>;
  /** The value the `_scmp-challenge.<domain>` TXT record must hold. */
  custom_domain_token: Optional<string>;
  /** What the last DNS or TLS check of the domain saw when it was not right. */
  custom_domain_reason: Optional<string>;
  /** Start of the current 72 h verification window. */
  custom_domain_since: NullableTimestamp;
  custom_domain_attempts: Generated<number>;
  custom_domain_checked_at: NullableTimestamp;
  custom_domain_verified_at: NullableTimestamp;
  /** When a verified domain's records disappeared; it is served for a grace period after. */
  custom_domain_lapsed_at: NullableTimestamp;
  custom_domain_next_check_at: NullableTimestamp;
  ssl_issuer: Optional<string>;
  ssl_expires_at: NullableTimestamp;
  ssl_reason: Optional<string>;
  ssl_checked_at: NullableTimestamp;
  ssl_next_check_at: NullableTimestamp;
  provisioned_at: NullableTimestamp;
  last_health_check: NullableTimestamp;
  last_health_status: string | null;
  terminated_at: NullableTimestamp;
  /** While a worker provisions the instance; another may take over only after it lapses. */
  provision_lease_until: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

/** One health check of an instance (kept 90 days). */
export type InstanceHealthChecksTable = {
  id: Generated<string>;
  instance_id: number;
  checked_at: Date;
  healthy: boolean;
  /** The HTTP status of GET /healthz; null when nothing answered. */
  status_code: number | null;
  response_ms: number;
  detail: string | null;
};

/** Health checks counted per instance and UTC day, kept equal to the checks by triggers. */
export type InstanceHealthDaysTable = {
  instance_id: number;
  day: string;
  checks: number;
  healthy: number;
};

export type OrganizationRole = 'owner' | 'admin' | 'billing' | 'member';

/** Who belongs to an organization and with which role; exactly one 'owner' (organizations.owner_id). */
export type OrganizationMembersTable = {
  organization_id: number;
  user_id: number;
  role: OrganizationRole;
  joined_at: CreatedAt;
};

/** E-mail invitations: the token is stored only as its SHA-256; open until accepted, declined, revoked or expired. */
export type OrganizationInvitationsTable = OrganizationRecord & {
  /** Lower-cased. */
  email: string;
  role: Exclude<OrganizationRole, 'owner'>;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  created_at: CreatedAt;
  accepted_at: NullableTimestamp;
  accepted_by: number | null;
  declined_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
};

export type OrganizationsTables = {
  organizations: OrganizationsTable;
  instances: InstancesTable;
  instance_health_checks: InstanceHealthChecksTable;
  instance_health_days: InstanceHealthDaysTable;
  organization_members: OrganizationMembersTable;
  organization_invitations: OrganizationInvitationsTable;
};
