import { challengeCookie } from '../../core/cookies';

/**
 * The cookie that carries a two-factor sign-in challenge for the web app (API clients send the
 * same token as `challenge_token`), scoped to the two doors' two-factor paths
 * (`core/cookies.ts` says why one cookie per path).
 */
export const loginChallengeCookie = challengeCookie('scmp_login_challenge', [
  '/api/v1/auth/two-factor',
  '/trpc',
]);
