/**
 * The cookie that carries a two-factor sign-in challenge for the web app (API clients send the
 * same token as `challenge_token`). HttpOnly, SameSite=Strict, host-only, Secure over https, and
 * scoped to the two doors' two-factor paths rather than the whole site: one cookie per path,
 * because no single path covers /api/v1/auth/two-factor/verify and /trpc without also covering
 * every page and asset.
 */
export const LOGIN_CHALLENGE_COOKIE = 'scmp_login_challenge';

export const LOGIN_CHALLENGE_COOKIE_PATHS = ['/api/v1/auth/two-factor', '/trpc'] as const;

function cookieHeaders(appUrl: string, value: string, maxAgeSeconds: number): string[] {
  const secure = appUrl.startsWith('https:') ? '; Secure' : '';
  return LOGIN_CHALLENGE_COOKIE_PATHS.map(
    (path) =>
      `${LOGIN_CHALLENGE_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** Set-Cookie values that hand the browser a challenge token for `lifetimeSeconds`. */
export function setLoginChallengeCookies(
  appUrl: string,
  token: string,
  lifetimeSeconds: number,
): string[] {
  return cookieHeaders(appUrl, token, lifetimeSeconds);
}

/** Set-Cookie values that remove the challenge cookie. */
export function clearLoginChallengeCookies(appUrl: string): string[] {
  return cookieHeaders(appUrl, '', 0);
}

/** The challenge token in a Cookie header, if any. */
export function readLoginChallengeCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== LOGIN_CHALLENGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value) return value;
  }
  return undefined;
}
