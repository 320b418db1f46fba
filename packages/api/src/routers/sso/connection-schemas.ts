import { z } from 'zod';
import { SSO_CONNECTION_TYPES, SSO_PRESETS, SSO_ROLES } from '../../contracts/sso';

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
