import { challengeCookie } from '../../core/cookies';

/**
 * The cookie that carries a passkey sign-in's challenge token for the web app (API clients send
 * the same token as `challenge_token`), scoped to the two doors' passkey paths; the same kind of
 * challenge cookie as accounts/login-challenge-cookie.ts (`core/cookies.ts`).
 */
export const passkeyChallengeCookie = challengeCookie('scmp_passkey_challenge', [
  '/api/v1/auth/passkey',
  '/trpc',
]);
