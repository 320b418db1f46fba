import { z } from 'zod';
import {
  ORGANIZATION_DOMAIN_STATUSES,
  SSO_CONNECTION_TYPES,
  SSO_PRESETS,
  SSO_ROLES,
} from '../../contracts/sso';
import { timestampFields } from '../../contracts/response-fields';

/**
 * The single sign-on shapes the API answers with: one zod schema each, the service's return type
 * is its z.output, the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure).
 */

/** A group → role rule: the same fields (and checks) in the connection input and output. */
export const groupMappingFields = {
  group: z.string().trim().min(1, 'Enter the group').max(200),
  role: z.enum(SSO_ROLES, { error: 'The role must be admin, billing or member' }),
};

export const connectionOutput = z.strictObject({
  uuid: z.string(),
  type: z.enum(SSO_CONNECTION_TYPES),
  display_name: z.string(),
  preset: z.enum(SSO_PRESETS),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret_set: z
    .boolean()
    .describe('The client secret is stored (encrypted); it is never returned'),
  entra_tenant_id: z.string().nullable(),
  default_role: z.enum(SSO_ROLES),
  group_mappings: z.array(z.strictObject(groupMappingFields)),
  redirect_uri: z
    .string()
    .nullable()
    .describe('OIDC: the callback URL to register at the identity provider'),
  entity_id: z
    .string()
    .nullable()
    .describe('SAML: SCMP’s entity ID (audience) for this connection, to paste into the IdP'),
  acs_url: z
    .string()
    .nullable()
    .describe('SAML: the Assertion Consumer Service URL (HTTP-POST) to paste into the IdP'),
  metadata_url: z
    .string()
    .nullable()
    .describe('SAML: SCMP’s service-provider metadata for this connection'),
  idp_entity_id: z.string().nullable().describe('SAML: the IdP’s entity ID, from its metadata'),
  idp_sso_url: z
    .string()
    .nullable()
    .describe('SAML: the IdP’s single sign-on URL (HTTP-Redirect), from its metadata'),
  idp_metadata_url: z
    .string()
    .nullable()
    .describe('SAML: where the IdP metadata was fetched from (when given as a URL)'),
  tested_at: z.string().nullable(),
  last_test: z
    .strictObject({
      ok: z.boolean(),
      at: z.string(),
      claims: z.record(z.string(), z.unknown()).nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  ...timestampFields,
});

export type ConnectionOutput = z.output<typeof connectionOutput>;

/** A refused sign-in attempt (GET …/sso-failures). */
export const failureOutput = z.strictObject({
  uuid: z.string(),
  connection_name: z.string(),
  email: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});

export type FailureOutput = z.output<typeof failureOutput>;

/** An e-mail domain of an organization, with the DNS record that verifies it. */
export const organizationDomainOutput = z.strictObject({
  uuid: z.string(),
  domain: z.string(),
  status: z.enum(ORGANIZATION_DOMAIN_STATUSES),
  dns_record: z.strictObject({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});

export type OrganizationDomainOutput = z.output<typeof organizationDomainOutput>;

/** The sign-in policies of an organization (GET/PATCH …/sso-policy). */
export const policyOutput = z.strictObject({
  require_sso: z
    .boolean()
    .describe(
      'Members whose e-mail is at a verified domain must sign in through the identity provider ' +
        '(password and passkey sign-ins answer 403 SSO_REQUIRED with sso_url); the owner keeps a ' +
        'break-glass sign-in with password and second factor, recorded and e-mailed to the admins',
    ),
  require_two_factor: z
    .boolean()
    .describe(
      'Members who do not sign in through SSO need TOTP or a passkey: until they enrol, calls to ' +
        'the organization answer 403 TWO_FACTOR_REQUIRED',
    ),
  can_require_sso: z.boolean().describe('A connection test has succeeded'),
  require_sso_blocked_reason: z.string().nullable(),
  tested_connection: z.string().nullable(),
  verified_domains: z.array(z.string()),
  covered_member_count: z
    .number()
    .int()
    .describe('Members (not the owner) whose e-mail is at a verified domain'),
  updated_at: z.string().nullable(),
});

export type PolicyOutput = z.output<typeof policyOutput>;

/** A button of a tenant's own login page ("Sign in with <display_name>"). */
export const tenantConnectionOutput = z.strictObject({
  uuid: z.string(),
  display_name: z.string(),
  start_url: z.string(),
});

export type TenantConnectionOutput = z.output<typeof tenantConnectionOutput>;

/** Where the browser goes next to sign in (start) or to test a connection. */
export const ssoRedirectOutput = z.strictObject({ redirect_url: z.string() });
