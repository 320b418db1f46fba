import * as client from 'openid-client';
import type { AppDeps } from '../../core/app-deps';
import { SSO_CLOCK_SKEW_SECONDS } from '../../contracts/sso';
import { decryptSecret, encryptSecret } from '../../core/crypto';
import type { Selectable } from 'kysely';
import type { SsoConnectionsTable } from '@scmp/db';

/** A connection row as the OIDC client reads it (connections.ts re-exports it; no import circle). */
export type ConnectionRow = Selectable<SsoConnectionsTable>;

/**
 * The relying-party side of OpenID Connect, all through `openid-client` (a certified relying
 * party): discovery, the authorization URL with PKCE S256, state and nonce, and the code exchange
 * whose ID token it checks (JWKS signature, iss, aud, exp/iat with 2 minutes of skew, nonce;
 * unsigned and HMAC-signed ID tokens are refused by the library). Nothing here parses a JWT.
 */
/** The HKDF purpose of the key that encrypts connection secrets (separate from two-factor's). */
export const SSO_SECRET_PURPOSE = 'scmp:sso:client-secret';
const DISCOVERY_TIMEOUT_SECONDS = 10;

function discoveryOptions(issuer: URL) {
  // Outside production an http:// issuer on loopback is allowed (connections.ts checks the host).
  return {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
  };
}

/** Reads the issuer's discovery document (throws with the reason when it cannot). */
export async function discoverOidc(_deps: Pick<AppDeps, 'config'>, issuer: string): Promise<void> {
  const url = new URL(issuer);
  await client.discovery(url, 'scmp-probe', undefined, client.None(), discoveryOptions(url));
}

const cache = new Map<number, { key: string; config: client.Configuration }>();

export function forgetOidcConfiguration(connectionId: number): void {
  cache.delete(connectionId);
}

/** The connection's client configuration (discovered once per connection version). */
export async function oidcConfiguration(
  deps: Pick<AppDeps, 'config'>,
  row: ConnectionRow,
): Promise<client.Configuration> {
  const key = `${row.issuer}|${row.client_id}|${row.updated_at.getTime()}`;
  const hit = cache.get(row.id);
  if (hit?.key === key) return hit.config;
  const secret = decryptSecret(
    deps.config.appKey,
    row.client_secret_encrypted ?? '',
    SSO_SECRET_PURPOSE,
  );
  const url = new URL(row.issuer ?? '');
  const config = await client.discovery(
    url,
    row.client_id ?? '',
    { client_secret: secret, [client.clockTolerance]: SSO_CLOCK_SKEW_SECONDS },
    client.ClientSecretPost(secret),
    discoveryOptions(url),
  );
  cache.set(row.id, { key, config });
  return config;
}

export type OidcStart = { state: string; nonce: string; codeVerifier: string };

export function newOidcStart(): OidcStart {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

export async function oidcAuthorizationUrl(
  config: client.Configuration,
  start: OidcStart,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: start.state,
    nonce: start.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(start.codeVerifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return url.href;
}

/** Exchanges the code of `callbackUrl` and returns the checked ID token's claims. */
export async function oidcExchange(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  return (tokens.claims() ?? {}) as Record<string, unknown>;
}

/** A client secret as stored on a connection (the demo data seeds one this way). */
export function encryptClientSecret(appKey: string, secret: string): string {
  return encryptSecret(appKey, secret, SSO_SECRET_PURPOSE);
}
