import { z } from 'zod';
import { SSO_CONNECTION_TYPES, SSO_PRESETS, SSO_ROLES } from '../../../contracts/sso';
import { groupMappingFields } from '../../../domain/sso';
import { SAML_METADATA_MAX_BYTES, SAML_TEXTS } from '../../../contracts/sso-saml';
import { organizationItemInput } from '../../organization-item';

const groupMapping = z.object(groupMappingFields);

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

export const updateConnectionInput = organizationItemInput.extend(fields);
