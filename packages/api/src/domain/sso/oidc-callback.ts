import type { AppDeps } from '../../core/app-deps';
import { SSO_FAILURE_REASONS } from '../../contracts/sso';
import { sha256Hex } from '../../core/tokens';
import { decryptSecret } from '../../core/crypto';
import { oidcRedirectUri } from './connection-output';
import { readSsoBrowserCookie } from './cookie';
import { oidcConfiguration, oidcExchange } from './oidc-client';
import { checkClaims, SsoRefusal } from './sign-in-claims';
import { signInOutcome, unknownAnswer, type CallbackResult } from './sign-in-outcome';
import { VERIFIER_PURPOSE, type Req } from './sign-in-start';
import { takeAttemptStep } from './attempt-steps';

/** openid-client's reason, with the underlying check's own ("…: unexpected JWT "iss" …"). */
function describeOidcError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message !== error.message
    ? `${error.message}: ${cause.message}`
    : error.message;
}

/**
 * GET /api/v1/sso/oidc/callback: the identity provider's answer. Every refusal is recorded for the
 * organization's admins with its reason; the browser goes to /login with one clear message. A
 * test run records what was received on the connection and creates no session.
 */
export async function handleOidcCallback(
  deps: AppDeps,
  req: Req,
  query: Record<string, string | undefined>,
): Promise<CallbackResult> {
  const state = query.state ?? '';
  const now = deps.clock.now();
  const attempt = state
    ? await deps.db
        .selectFrom('sso_login_attempts')
        .selectAll()
        .where('state_hash', '=', sha256Hex(state))
        .executeTakeFirst()
    : undefined;
  const connection = attempt
    ? await deps.db
        .selectFrom('sso_connections')
        .selectAll()
        .where('id', '=', attempt.connection_id)
        .executeTakeFirst()
    : undefined;
  if (!attempt || !connection) return unknownAnswer(deps, 'sso callback with an unknown state');
  const outcome = signInOutcome(deps, req, connection, now);
  const refuse = (reason: string, email: string | null, received?: Record<string, unknown>) =>
    outcome.refuse(attempt.purpose, reason, email, received);

  const browser = readSsoBrowserCookie(req.cookie);
  if (!browser || sha256Hex(browser) !== attempt.browser_hash)
    return refuse(SSO_FAILURE_REASONS.state, null);
  if (!(await takeAttemptStep(deps, attempt.id, 'used_at', now, { unexpired: true })))
    return refuse(SSO_FAILURE_REASONS.state, null);
  if (query.error) {
    const detail = [query.error, query.error_description].filter(Boolean).join(': ');
    return refuse(SSO_FAILURE_REASONS.providerError(detail.slice(0, 300)), null);
  }

  let person: Awaited<ReturnType<typeof checkClaims>>;
  let claims: Record<string, unknown>;
  try {
    const config = await oidcConfiguration(deps, connection);
    const callbackUrl = new URL(oidcRedirectUri(deps.config.appUrl));
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) callbackUrl.searchParams.set(key, value);
    }
    claims = await oidcExchange(config, callbackUrl, {
      state,
      nonce: attempt.nonce ?? '',
      codeVerifier: decryptSecret(
        deps.config.appKey,
        attempt.code_verifier_encrypted ?? '',
        VERIFIER_PURPOSE,
      ),
    });
  } catch (error) {
    return refuse(SSO_FAILURE_REASONS.tokenRejected(describeOidcError(error)), null);
  }
  try {
    person = await checkClaims(deps, connection, claims);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(error.reason, error.email, claims);
    throw error;
  }
  return outcome.accept(attempt.purpose, attempt.id, person, claims);
}
