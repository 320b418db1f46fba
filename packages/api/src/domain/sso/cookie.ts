/**
 * The cookie that binds an SSO sign-in to the browser that started it: a random value whose hash
 * is stored with each attempt (state, nonce, PKCE verifier). HttpOnly; SameSite=Lax, because the
 * identity provider sends the browser back with a top-level GET from its own site; Secure over
 * https.
 */
export const SSO_BROWSER_COOKIE = 'scmp_sso_browser';

export function ssoBrowserCookie(appUrl: string, value: string, maxAgeSeconds: number): string {
  const secure = appUrl.startsWith('https:') ? '; Secure' : '';
  return `${SSO_BROWSER_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function readSsoBrowserCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== SSO_BROWSER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (/^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}
