import { z } from 'zod';
import { SSO_CONNECTION_TYPES, SSO_PRESETS, SSO_ROLES } from '../../../contracts/sso';
import { SAML_METADATA_MAX_BYTES, SAML_TEXTS } from '../../../contracts/sso-saml';

const groupMapping = z.object({
  group: z.string().trim().min(1, 'Enter the group').max(200),
  role: z.enum(SSO_ROLES, { error: 'The role must be admin, billing or member' }),
});

export const connectionOutput = z.object({
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
  group_mappings: z.array(groupMapping),
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
    .object({
      ok: z.boolean(),
      at: z.string(),
      claims: z.record(z.string(), z.unknown()).nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const fields = {
  display_name: z.string().max(100).optional(),
  preset: z.enum(SSO_PRESETS).optional(),
  issuer: z.string().max(500).optional(),
  client_id: z.string().max(500).optional(),
  client_secret: z.string().max(2000).optional(),
  entra_tenant_id: z.string().max(100).nullable().optional(),
  default_role: z
    .enum(SSO_ROLES, { error: 'The role must be admin, billing or member' })
    .optional(),
  group_mappings: z.array(groupMapping).max(50).optional(),
  idp_metadata_xml: z
    .string()
    .max(SAML_METADATA_MAX_BYTES, SAML_TEXTS.metadataTooLarge)
    .optional()
    .describe('SAML: the identity provider’s metadata XML (or give idp_metadata_url)'),
  idp_metadata_url: z
    .string()
    .max(2000)
    .optional()
    .describe('SAML: the URL of the identity provider’s metadata, fetched when saved'),
};

export const createConnectionInput = z.object({
  id: z.string(),
  type: z.enum(SSO_CONNECTION_TYPES, { error: 'The type must be oidc or saml' }),
  ...fields,
});

export const updateConnectionInput = z.object({ id: z.string(), uuid: z.string(), ...fields });

export const connectionUuidInput = z.object({ id: z.string(), uuid: z.string() });

export const failureOutput = z.object({
  uuid: z.string(),
  connection_name: z.string(),
  email: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
