/** What the server's plain routes (apps/server/src/routes/sso.ts) use from single sign-on. */
export { handleOidcCallback } from './oidc-callback';
export { startSsoForEmail } from './sign-in-start';
export { handleSamlAcs } from './saml-acs';
export { samlServiceProviderMetadata } from './saml-sp';
export { startSsoForConnection } from './tenant-connections';
export { encryptClientSecret } from './oidc-client';
