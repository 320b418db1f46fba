/**
 * The passkeys area's public face: registering and managing passkeys, passkey sign-in and the
 * passkey as a second factor. Below accounts (whose two-factor step offers it); uses two-factor,
 * the SSO sign-in policy and security notices.
 */
export { PASSKEY_CHALLENGE_LIFETIME_SECONDS } from './challenges';
export * from './manage';
export * from './notices';
export * from './passkey-challenge-cookie';
export { passkeyOutput, type PasskeyOutput } from './passkey-output';
export * from './registration';
export * from './second-factor';
export * from './sign-in';
