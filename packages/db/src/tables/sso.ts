import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp, OrganizationRecord } from './core';

export type OrganizationDomainStatus = 'pending' | 'verified';

/** An e-mail domain an organization proves it controls with a DNS TXT record (issue 37). */
export type OrganizationDomainsTable = OrganizationRecord & {
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

export type SsoConnectionType = 'oidc' | 'saml';
export type SsoPreset = 'generic' | 'google' | 'entra';
export type SsoGroupMapping = { group: string; role: 'admin' | 'billing' | 'member' };
export type SsoTestResult = {
  ok: boolean;
  at: string;
  /** The claims (OIDC) or attributes (SAML) received, when the test got that far. */
  claims: Record<string, unknown> | null;
  error: string | null;
};

/** An organization's identity provider (issue 37). */
export type SsoConnectionsTable = OrganizationRecord & {
  type: SsoConnectionType;
  display_name: string;
  preset: Generated<SsoPreset>;
  issuer: string | null;
  client_id: string | null;
  /** AES-256-GCM with a key derived from APP_KEY (packages/api/src/core/crypto.ts); never returned. */
  client_secret_encrypted: string | null;
  entra_tenant_id: string | null;
  saml_idp_metadata_xml: string | null;
  saml_idp_metadata_url: string | null;
  /** Read from the SAML metadata when the connection is saved. */
  saml_idp_entity_id: ColumnType<string | null, string | null | undefined, string | null>;
  saml_idp_sso_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IdP's signing certificates (base64 DER, public keys); never returned by the API. */
  saml_idp_certificates: ColumnType<string[] | null, string | null | undefined, string | null>;
  default_role: Generated<'admin' | 'billing' | 'member'>;
  group_mappings: ColumnType<SsoGroupMapping[], string | undefined, string>;
  tested_at: NullableTimestamp;
  last_test: ColumnType<SsoTestResult | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type SsoLoginAttemptsTable = {
  id: Generated<string>;
  connection_id: number;
  state_hash: string;
  browser_hash: string;
  purpose: 'sign_in' | 'test';
  tester_id: number | null;
  code_verifier_encrypted: string | null;
  nonce: string | null;
  saml_request_id: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  completion_hash: string | null;
  completion_user_id: number | null;
  completion_expires_at: NullableTimestamp;
  completed_at: NullableTimestamp;
};

export type SsoIdentitiesTable = {
  id: Generated<number>;
  connection_id: number;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
  last_sign_in_at: NullableTimestamp;
};

export type SsoSignInFailuresTable = OrganizationRecord & {
  connection_id: number | null;
  connection_name: string;
  email: string | null;
  reason: string;
  created_at: CreatedAt;
};

/** The SAML replay store: an assertion ID is accepted once per connection (until it expires). */
export type SsoSamlAssertionsTable = {
  connection_id: number;
  assertion_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
};

export type SessionSignInMethodsTable = {
  session_id: number;
  method: string;
};

/** An organization's sign-in policies (issue 37); no row: both off. */
export type SsoPoliciesTable = {
  organization_id: number;
  require_sso: Generated<boolean>;
  require_two_factor: Generated<boolean>;
  updated_by: number | null;
  updated_at: CreatedAt;
};

export type SsoTables = {
  organization_domains: OrganizationDomainsTable;
  sso_connections: SsoConnectionsTable;
  sso_login_attempts: SsoLoginAttemptsTable;
  sso_identities: SsoIdentitiesTable;
  sso_sign_in_failures: SsoSignInFailuresTable;
  session_sign_in_methods: SessionSignInMethodsTable;
  sso_saml_assertions: SsoSamlAssertionsTable;
  sso_policies: SsoPoliciesTable;
};
