import { challengeCookie } from '../../core/cookies';

/**
 * The cookie that carries a two-factor sign-in challenge for the web app (API clients send the
 * same token as `challenge_token`), scoped to the two doors' two-factor paths
 * (`core/cookies.ts` says why one cookie per path).
 */
export const LOGIN_CHALLENGE_COOKIE = 'scmp_login_challenge';

export const LOGIN_CHALLENGE_COOKIE_PATHS = ['/api/v1/auth/two-factor', '/trpc'] as const;

const cookie = challengeCookie(LOGIN_CHALLENGE_COOKIE, LOGIN_CHALLENGE_COOKIE_PATHS);

export const setLoginChallengeCookies = cookie.set;
export const clearLoginChallengeCookies = cookie.clear;
export const readLoginChallengeCookie = cookie.read;
