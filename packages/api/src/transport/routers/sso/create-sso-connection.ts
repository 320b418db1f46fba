import { SSO_TEXTS } from '../../../contracts/sso';
import { SAML_TEXTS } from '../../../contracts/sso-saml';
import { connectionOutput, createConnection } from '../../../domain/sso';
import { createConnectionInput } from './connection-schemas';
import { sso } from './area';

export const createSsoConnection = sso
  .session(
    'POST /organizations/{id}/sso-connections',
    'Add a connection: OpenID Connect { type: "oidc", display_name, issuer, client_id, client_secret } or SAML { type: "saml", display_name, idp_metadata_xml | idp_metadata_url }',
    {
      permission: 'manage',
      description:
        'OIDC presets: "google" (the hd claim must be a verified domain) and "entra" (entra_tenant_id; ' +
        'the tid claim must match). client_secret is encrypted at rest and never returned. ' +
        'SAML: the IdP metadata is read when saved (entity ID, HTTP-Redirect single sign-on URL, ' +
        'signing certificates, never returned); the answer carries entity_id, acs_url and metadata_url.',
      successStatus: 201,
    },
  )
  .answers(
    createConnectionInput,
    connectionOutput,
    (created) => (created.type === 'saml' ? SAML_TEXTS.created : SSO_TEXTS.created),
    ({ ctx, input: { id, ...rest } }) => createConnection(ctx.deps, ctx.req, ctx.user, id, rest),
  );
