/**
 * Client-safe rules and texts of SAML 2.0 single sign-on (issue 37). The paths are what the
 * admin pastes into the identity provider: SCMP's entity ID (its metadata URL), the Assertion
 * Consumer Service URL and the metadata URL, all from APP_URL and the connection's uuid.
 */
export const SAML_NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** An IdP metadata document larger than this is refused (pasted or fetched). */
export const SAML_METADATA_MAX_BYTES = 512 * 1024;
export const SAML_METADATA_FETCH_SECONDS = 10;

export function samlServiceProviderUrls(appUrl: string, connectionUuid: string) {
  const base = `${appUrl.replace(/\/$/, '')}/api/v1/sso/saml/${connectionUuid}`;
  return {
    entity_id: `${base}/metadata`,
    acs_url: `${base}/acs`,
    metadata_url: `${base}/metadata`,
  };
}

/** Attribute names read for the e-mail, the name and the groups (the first present wins). */
export const SAML_EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
export const SAML_NAME_ATTRIBUTES = [
  'displayName',
  'name',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
];
export const SAML_GROUP_ATTRIBUTES = [
  'groups',
  'memberOf',
  'urn:oid:1.3.6.1.4.1.5923.1.5.1.1',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
];

export const SAML_TEXTS = {
  created:
    'Connection added. Paste the entity ID and ACS URL (or the metadata URL) into your identity provider, then test the connection.',
  metadataRequired: 'Paste the identity provider’s metadata XML or enter its metadata URL',
  metadataBoth: 'Give either the metadata XML or the metadata URL, not both',
  metadataUrlHttps: 'The metadata URL must be an https:// URL',
  metadataTooLarge: 'The metadata is too large (at most 512 KB)',
  metadataFetchFailed: (url: string, why: string) =>
    `Could not read the SAML metadata at ${url}: ${why}`,
  metadataInvalid: (why: string) => `This is not usable SAML identity provider metadata: ${why}`,
} as const;

/** Why a SAML sign-in was refused: shown to the organization's admins under Sign-in failures. */
export const SAML_FAILURE_REASONS = {
  notSolicited:
    'The SAML response does not answer a sign-in started in this browser for this connection (InResponseTo missing, unknown, used or expired)',
  rejected: (why: string) => `The identity provider's SAML response was refused: ${why}`,
  destination: (value: string) =>
    `The SAML response was sent to another address (Destination ${value || 'missing'}), not this connection's ACS URL`,
  recipient: (value: string) =>
    `The SAML assertion is meant for another address (Recipient ${value || 'missing'}), not this connection's ACS URL`,
  issuer: (value: string) =>
    `The SAML assertion was issued by ${value || 'no one'}, not this connection's identity provider`,
  replayed: 'The SAML assertion was already used (replay)',
  timing:
    'The SAML assertion is expired or not yet valid (NotBefore/NotOnOrAfter, beyond 2 minutes of clock skew)',
  noMetadata: 'The connection has no usable identity provider metadata',
} as const;
