import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TEXTS } from '../../contracts/passkeys';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { generateToken, sha256Hex } from '../../core/tokens';
import { VERIFICATION_REQUIRED_TEXT } from '../../contracts/auth-texts';
import { recordActivity } from '../activity';
import { checkSignInPolicy, recordBreakGlass } from '../sso';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { createSession, type SessionUser } from '../sessions';
import { verifyPasskeyAssertion } from './assertion';
import { consumePasskeyChallenge, openPasskeyChallenge } from './challenges';
import { noticePasskeyUsed } from './notices';
import type { PasskeyRow } from './passkey-output';
import { relyingPartyOf } from './relying-party';
import { CEREMONY_TIMEOUT_MS, loadWebAuthn, userHandleOf } from './webauthn';

// Per client address: a school office shares one; the sign-in page opens one ceremony per visit.
const OPTIONS_PER_MINUTE = 60;
const VERIFIES_PER_MINUTE = 30;

/** Request options for any of the user's discoverable credentials, with user verification. */
export async function passkeyRequestOptions(
  deps: Pick<AppDeps, 'config'>,
  allow: { credential_id: string; transports: string[] }[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  return generateAuthenticationOptions({
    rpID: relyingPartyOf(deps.config).id,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: allow.map((c) => ({ id: c.credential_id, transports: c.transports })),
  });
}

export function passkeyOptionsThrottle(deps: AppDeps, req: Pick<ClientInfo, 'ip'>) {
  return enforceRateLimit(
    deps.rateLimiter,
    `passkey-sign-in:options:${req.ip ?? 'unknown'}`,
    OPTIONS_PER_MINUTE,
    60,
  );
}

/**
 * Passkey sign-in, step one: options for a discoverable credential and a challenge token that
 * binds the ceremony to this sign-in attempt (also sent as an HttpOnly cookie by the router).
 */
export async function startPasskeySignIn(
  deps: AppDeps,
  req: Pick<ClientInfo, 'ip'>,
): Promise<{ challengeToken: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  await passkeyOptionsThrottle(deps, req);
  const options = await passkeyRequestOptions(deps);
  const challengeToken = generateToken();
  await openPasskeyChallenge(deps, options.challenge, {
    purpose: 'sign_in',
    tokenHash: sha256Hex(challengeToken),
  });
  return { challengeToken, options };
}

/** The registered passkey a response names, with its owner. */
export async function findPasskey(
  deps: Pick<AppDeps, 'db'>,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return deps.db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Passkey sign-in, step two: the assertion must answer this attempt's open challenge. A verified
 * passkey (possession plus the user verification it requires) counts as both factors: no TOTP step.
 */
export async function finishPasskeySignIn(
  deps: AppDeps,
  req: ClientInfo,
  input: { challengeToken: string | undefined; response: AuthenticationResponseJSON },
): Promise<{ user: SessionUser; token: string }> {
  await enforceRateLimit(
    deps.rateLimiter,
    `passkey-sign-in:verify:${req.ip ?? 'unknown'}`,
    VERIFIES_PER_MINUTE,
    60,
  );
  const notVerified = () => new AppError('UNAUTHENTICATED', PASSKEY_TEXTS.notVerified);
  if (!input.challengeToken) throw new AppError('UNAUTHENTICATED', PASSKEY_TEXTS.expired);
  const challenge = await consumePasskeyChallenge(deps, input.response.response.clientDataJSON, {
    purpose: 'sign_in',
    tokenHash: sha256Hex(input.challengeToken),
  });
  if (!challenge) throw new AppError('UNAUTHENTICATED', PASSKEY_TEXTS.expired);

  const passkey = await findPasskey(deps, input.response.id);
  if (!passkey) throw new AppError('UNAUTHENTICATED', PASSKEY_TEXTS.notRegistered);
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', passkey.user_id)
    .executeTakeFirstOrThrow();
  // A discoverable credential names its account; it must be the passkey's owner.
  const handle = input.response.response.userHandle;
  const handleOk =
    handle === undefined || handle === Buffer.from(userHandleOf(user.uuid)).toString('base64url');
  if (!handleOk || !(await verifyPasskeyAssertion(deps, passkey, input.response, challenge))) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'login',
      action: 'login.failed',
      description: `Failed sign-in attempt (passkey "${passkey.name}" not verified)`,
      severity: 'medium',
    });
    throw notVerified();
  }

  if (deps.config.requireVerifiedLogin && !user.email_verified_at) {
    throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_TEXT, {
      extra: { email_verification_required: true, email: user.email },
    });
  }
  // Require SSO (issue 37): a passkey counts as both factors, so only the owner passes.
  const policy = await checkSignInPolicy(deps, user, 'passkey');
  const { token } = await createSession(deps, user.id, { ip: req.ip, userAgent: req.userAgent });
  if (policy.breakGlass) await recordBreakGlass(deps, req, user, policy.breakGlass, 'a passkey');
  await noticePasskeyUsed(deps, req, user, passkey.name, 'sign-in');
  return { user, token };
}
