/**
 * The cookie that carries a passkey sign-in's challenge token for the web app (API clients send
 * the same token as `challenge_token`), on the pattern of accounts/login-challenge-cookie.ts:
 * HttpOnly, SameSite=Strict, host-only, Secure over https, scoped to the two doors' paths.
 */
export const PASSKEY_CHALLENGE_COOKIE = 'scmp_passkey_challenge';

export const PASSKEY_CHALLENGE_COOKIE_PATHS = ['/api/v1/auth/passkey', '/trpc'] as const;

function cookieHeaders(appUrl: string, value: string, maxAgeSeconds: number): string[] {
  const secure = appUrl.startsWith('https:') ? '; Secure' : '';
  return PASSKEY_CHALLENGE_COOKIE_PATHS.map(
    (path) =>
      `${PASSKEY_CHALLENGE_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function setPasskeyChallengeCookies(
  appUrl: string,
  token: string,
  lifetimeSeconds: number,
): string[] {
  return cookieHeaders(appUrl, token, lifetimeSeconds);
}

export function clearPasskeyChallengeCookies(appUrl: string): string[] {
  return cookieHeaders(appUrl, '', 0);
}

/** The passkey sign-in token in a Cookie header, if any. */
export function readPasskeyChallengeCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== PASSKEY_CHALLENGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value) return value;
  }
  return undefined;
}
