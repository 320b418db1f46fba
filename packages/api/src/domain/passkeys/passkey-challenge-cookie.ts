import { challengeCookie } from '../../core/cookies';

/**
 * The cookie that carries a passkey sign-in's challenge token for the web app (API clients send
 * the same token as `challenge_token`), scoped to the two doors' passkey paths; the same kind of
 * challenge cookie as accounts/login-challenge-cookie.ts (`core/cookies.ts`).
 */
export const PASSKEY_CHALLENGE_COOKIE = 'scmp_passkey_challenge';

export const PASSKEY_CHALLENGE_COOKIE_PATHS = ['/api/v1/auth/passkey', '/trpc'] as const;

const cookie = challengeCookie(PASSKEY_CHALLENGE_COOKIE, PASSKEY_CHALLENGE_COOKIE_PATHS);

export const setPasskeyChallengeCookies = cookie.set;
export const clearPasskeyChallengeCookies = cookie.clear;
export const readPasskeyChallengeCookie = cookie.read;
