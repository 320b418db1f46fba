/**
 * Cookies the API hands out and reads back itself: one reader for a Cookie header, and the
 * challenge cookies that carry a sign-in step's token between two requests of the web app.
 */

/**
 * The value of the cookie `name` in a Cookie header: the first one, by its exact name, that
 * `accept` takes (by default any non-empty value).
 */
export function readCookie(
  header: string | undefined,
  name: string,
  accept: (value: string) => boolean = (value) => value !== '',
): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (accept(value)) return value;
  }
  return undefined;
}

/** The `; Secure` attribute when the app is served over https (a browser drops it over http). */
export function secureAttribute(appUrl: string): string {
  return appUrl.startsWith('https:') ? '; Secure' : '';
}

/**
 * A challenge cookie (API clients send the same token in the body instead): HttpOnly,
 * SameSite=Strict, host-only, Secure over https, and scoped to the doors' paths of its step
 * rather than the whole site — one cookie per path, because no single path covers both doors
 * without also covering every page and asset.
 */
export function challengeCookie(name: string, paths: readonly string[]) {
  const headers = (appUrl: string, value: string, maxAgeSeconds: number): string[] =>
    paths.map(
      (path) =>
        `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Strict${secureAttribute(appUrl)}`,
    );
  return {
    /** Set-Cookie values that hand the browser a challenge token for `lifetimeSeconds`. */
    set: (appUrl: string, token: string, lifetimeSeconds: number) =>
      headers(appUrl, token, lifetimeSeconds),
    /** Set-Cookie values that remove the challenge cookie. */
    clear: (appUrl: string) => headers(appUrl, '', 0),
    /** The challenge token in a Cookie header, if any. */
    read: (header: string | undefined) => readCookie(header, name),
  };
}
