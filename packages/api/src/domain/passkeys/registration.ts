import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { MAX_PASSKEYS_PER_USER, PASSKEY_TEXTS } from '../../contracts/passkeys';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { countRows } from '../../core/matching-rows';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import type { SessionRow, SessionUser } from '../sessions';
import { consumePasskeyChallenge, openPasskeyChallenge } from './challenges';
import { noticePasskeyChange } from './notices';
import { toPasskeyOutput, type PasskeyOutput } from './passkey-output';
import { relyingPartyOf } from './relying-party';
import { CEREMONY_TIMEOUT_MS, loadWebAuthn, SUPPORTED_ALGORITHMS, userHandleOf } from './webauthn';

const REGISTRATIONS_PER_MINUTE = 10;

function passkeyCount(deps: AppDeps, userId: number): Promise<number> {
  return countRows(deps.db.selectFrom('passkeys').where('user_id', '=', userId));
}

/**
 * Registration step one: creation options for a discoverable credential with user verification,
 * bound to the signed-in session. The user's passkeys are excluded, so one authenticator is not
 * registered twice.
 */
export async function startPasskeyRegistration(
  deps: AppDeps,
  user: SessionUser,
  session: SessionRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await enforceRateLimit(
    deps.rateLimiter,
    `passkeys:register:${user.id}`,
    REGISTRATIONS_PER_MINUTE,
    60,
  );
  const existing = await deps.db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', user.id)
    .execute();
  if (existing.length >= MAX_PASSKEYS_PER_USER)
    throw new AppError('CONFLICT', PASSKEY_TEXTS.tooMany);
  const rp = relyingPartyOf(deps.config);
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleOf(user.uuid),
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  await openPasskeyChallenge(deps, options.challenge, {
    purpose: 'registration',
    userId: user.id,
    sessionId: session.id,
  });
  return options;
}

/**
 * Registration step two: the attestation must answer this session's open challenge from
 * APP_URL's origin with user verification; only the public key, credential id, counter and
 * transports are kept.
 */
export async function finishPasskeyRegistration(
  deps: AppDeps,
  req: ClientInfo,
  user: SessionUser,
  session: SessionRow,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<PasskeyOutput> {
  await enforceRateLimit(
    deps.rateLimiter,
    `passkeys:register-verify:${user.id}`,
    REGISTRATIONS_PER_MINUTE,
    60,
  );
  const notVerified = () => new AppError('VALIDATION_ERROR', PASSKEY_TEXTS.notVerified);
  const challenge = await consumePasskeyChallenge(deps, input.response.response.clientDataJSON, {
    purpose: 'registration',
    userId: user.id,
    sessionId: session.id,
  });
  if (!challenge) throw new AppError('VALIDATION_ERROR', PASSKEY_TEXTS.expired);
  const rp = relyingPartyOf(deps.config);
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    if (!result.verified) throw notVerified();
    info = result.registrationInfo;
  } catch {
    throw notVerified();
  }
  if ((await passkeyCount(deps, user.id)) >= MAX_PASSKEYS_PER_USER)
    throw new AppError('CONFLICT', PASSKEY_TEXTS.tooMany);

  const transports = (input.response.response.transports ?? []).slice(0, 8);
  const row = await deps.db
    .insertInto('passkeys')
    .values({
      user_id: user.id,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: JSON.stringify(transports),
      name: input.name,
      created_at: deps.clock.now(),
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', PASSKEY_TEXTS.alreadyRegistered);
  await noticePasskeyChange(deps, req, user, 'added', input.name);
  return toPasskeyOutput(row);
}
