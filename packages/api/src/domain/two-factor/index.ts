/**
 * The two-factor area's public face: TOTP setup and removal, recovery codes, and checking a code
 * at sign-in or before a sensitive change. Below accounts and passkeys; sends security notices.
 * (Its crypto.ts is shared low-level crypto that moves to lib; it is not part of this face.)
 */
export * from './two-factor';
export * from './recovery-codes';
export { TWO_FACTOR_TEXTS } from './texts';
export * from './verify-code';
