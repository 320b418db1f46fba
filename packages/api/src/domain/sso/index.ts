/**
 * The single sign-on area's public face: organization connections (OIDC, SAML), verified domains,
 * sign-in policies, and the sign-in flow itself (also used by the server's plain routes,
 * apps/server/src/routes/sso.ts). Accounts and passkeys ask it whether a sign-in policy allows a
 * password or passkey sign-in; it never imports them.
 */
export * from './connection-create';
export * from './connection-delete';
export * from './connection-lookup';
export * from './connection-update';
export * from './domain-checks';
export * from './domains';
export * from './lists';
export { handleOidcCallback } from './oidc-callback';
export { encryptClientSecret } from './oidc-client';
export * from './policies';
export * from './policy-sign-in';
export * from './policy-two-factor';
export { handleSamlAcs } from './saml-acs';
export { samlServiceProviderMetadata } from './saml-sp';
export * from './sign-in-complete';
export * from './sign-in-start';
export * from './sso-schemas';
export * from './tenant-connections';
export { TWO_FACTOR_POLICY_WRITES, createTwoFactorPolicyCache } from './two-factor-policy-cache';
