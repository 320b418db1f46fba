import { readCookie, secureAttribute } from '../../core/cookies';

/**
 * The cookie that binds an SSO sign-in to the browser that started it: a random value whose hash
 * is stored with each attempt (state, nonce, PKCE verifier). HttpOnly; SameSite=Lax, because the
 * identity provider sends the browser back with a top-level GET from its own site; Secure over
 * https.
 */
export const SSO_BROWSER_COOKIE = 'scmp_sso_browser';

/** The shape of a browser value this area hands out (`generateToken(32)`). */
export const isBrowserValue = (value: string) => /^[A-Za-z0-9_-]{20,100}$/.test(value);

export function ssoBrowserCookie(appUrl: string, value: string, maxAgeSeconds: number): string {
  return `${SSO_BROWSER_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secureAttribute(appUrl)}`;
}

export function readSsoBrowserCookie(header: string | undefined): string | undefined {
  return readCookie(header, SSO_BROWSER_COOKIE, isBrowserValue);
}
