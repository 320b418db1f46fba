import type { Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './core';

export type OrganizationType = 'school' | 'camp' | 'other';
export type OrganizationStatus = 'pending' | 'active' | 'inactive';
export type InstanceStatus = 'pending' | 'provisioning' | 'active' | 'suspended' | 'terminated';
export type SslStatus = 'pending' | 'active' | 'failed';

export type OrganizationsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  owner_id: number;
  name: string;
  type: OrganizationType;
  description: string | null;
  /** Unique when set; lower-case letters, digits and hyphens. */
  subdomain: string | null;
  status: Generated<OrganizationStatus>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type InstancesTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  organization_id: number;
  /** Denormalised owner for ownership checks without a join. */
  owner_id: number;
  name: string;
  /** The host prefix: host = {prefix}-{org subdomain}.INSTANCE_DOMAIN */
  prefix: string;
  /** Unique while the instance lives; null once terminated (host released). */
  host: string | null;
  status: Generated<InstanceStatus>;
  ssl_status: Generated<SslStatus>;
  custom_domain: string | null;
  provisioned_at: NullableTimestamp;
  last_health_check: NullableTimestamp;
  last_health_status: string | null;
  terminated_at: NullableTimestamp;
  /** While a worker provisions the instance; another may take over only after it lapses. */
  provision_lease_until: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
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
export type OrganizationInvitationsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  organization_id: number;
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
  organization_members: OrganizationMembersTable;
  organization_invitations: OrganizationInvitationsTable;
};
