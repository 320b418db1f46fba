import type { AppDeps } from '../../core/app-deps';
import { SSO_ATTEMPT_MINUTES, SSO_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import type { ClientInfo } from '../../core/client-info';
import { generateToken, sha256Hex } from '../../core/tokens';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { encryptSecret } from '../../core/crypto';
import { oidcRedirectUri } from './connection-output';
import { readSsoBrowserCookie, ssoBrowserCookie } from './cookie';
import {
  newOidcStart,
  oidcAuthorizationUrl,
  oidcConfiguration,
  type ConnectionRow,
} from './oidc-client';
import { startSamlAttempt } from './saml-sp';
import { MINUTE_MS } from '../../core/durations';

/** The client, and its Cookie header (the SSO browser cookie ties an attempt to its browser). */
export type Req = ClientInfo & { cookie?: string | undefined };
export const VERIFIER_PURPOSE = 'scmp:sso:pkce-verifier';

export type StartResult = { redirectUrl: string; setCookies: string[] };

/** The organization's (first) connection for an e-mail at one of its verified domains. */
async function connectionForEmail(deps: AppDeps, email: string): Promise<ConnectionRow> {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const row = domain
    ? await deps.db
        .selectFrom('organization_domains')
        .innerJoin(
          'sso_connections',
          'sso_connections.organization_id',
          'organization_domains.organization_id',
        )
        .selectAll('sso_connections')
        .where('organization_domains.domain', '=', domain)
        .where('organization_domains.status', '=', 'verified')
        .orderBy('sso_connections.created_at')
        .orderBy('sso_connections.id')
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', SSO_TEXTS.notConfigured);
  return row;
}

/**
 * Starts a sign-in (or an admin's test) through `connection`: a fresh state, nonce and PKCE
 * verifier, stored with the hash of the browser cookie, and the identity provider's URL.
 */
export async function startAttempt(
  deps: AppDeps,
  req: Req,
  connection: ConnectionRow,
  purpose: 'sign_in' | 'test',
  options: { testerId?: number; loginHint?: string } = {},
): Promise<StartResult> {
  if (connection.type === 'saml') return startSamlAttempt(deps, req, connection, purpose, options);
  const browser = readSsoBrowserCookie(req.cookie) ?? generateToken(32);
  const start = newOidcStart();
  const now = deps.clock.now();
  const config = await oidcConfiguration(deps, connection);
  await deps.db
    .insertInto('sso_login_attempts')
    .values({
      connection_id: connection.id,
      state_hash: sha256Hex(start.state),
      browser_hash: sha256Hex(browser),
      purpose,
      tester_id: options.testerId ?? null,
      code_verifier_encrypted: encryptSecret(
        deps.config.appKey,
        start.codeVerifier,
        VERIFIER_PURPOSE,
      ),
      nonce: start.nonce,
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_ATTEMPT_MINUTES * MINUTE_MS),
    })
    .execute();
  const extra: Record<string, string> = {};
  if (options.loginHint) extra.login_hint = options.loginHint;
  if (purpose === 'test') extra.prompt = 'login';
  const redirectUrl = await oidcAuthorizationUrl(
    config,
    start,
    oidcRedirectUri(deps.config.appUrl),
    extra,
  );
  return {
    redirectUrl,
    setCookies: [ssoBrowserCookie(deps.config.appUrl, browser, SSO_ATTEMPT_MINUTES * 60)],
  };
}

/** Which domains use SSO is not to be listed by brute force: 20 starts a minute per address. */
export const limitSsoStarts = (deps: AppDeps, req: Req) =>
  enforceRateLimit(
    deps.rateLimiter,
    `sso-start:${req.ip ?? 'unknown'}`,
    20,
    60,
    (seconds) => `Too many single sign-on attempts. Please try again in ${seconds} seconds.`,
  );

/** POST /auth/sso/start { email } and GET /sso/start?email=. */
export async function startSsoForEmail(
  deps: AppDeps,
  req: Req,
  email: string,
): Promise<StartResult> {
  await limitSsoStarts(deps, req);
  const connection = await connectionForEmail(deps, email);
  return startAttempt(deps, req, connection, 'sign_in', { loginHint: email.trim() });
}
