import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TEXTS } from '../../contracts/passkeys';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { sha256Hex } from '../../core/tokens';
import { verifyPasskeyAssertion } from './assertion';
import { consumePasskeyChallenge, openPasskeyChallenge } from './challenges';
import { findPasskey, passkeyOptionsThrottle, passkeyRequestOptions } from './sign-in';

/** Matches the two-factor sign-in's limit of five wrong codes per challenge. */
const MAX_FAILED_CODES = 5;

/**
 * Options for a passkey to answer the two-factor step of a sign-in that passed the password step:
 * only with that step's open challenge token, for that user's passkeys.
 */
export async function startPasskeySecondFactor(
  deps: AppDeps,
  req: Pick<ClientInfo, 'ip'>,
  loginChallengeToken: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await passkeyOptionsThrottle(deps, req);
  const loginChallengeHash = sha256Hex(loginChallengeToken);
  const open = await deps.db
    .selectFrom('login_challenges')
    .select('user_id')
    .where('token_hash', '=', loginChallengeHash)
    .where('expires_at', '>', deps.clock.now())
    .where('failed_attempts', '<', MAX_FAILED_CODES)
    .executeTakeFirst();
  if (!open) throw new AppError('VALIDATION_ERROR', PASSKEY_TEXTS.expired);
  const passkeys = await deps.db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', open.user_id)
    .execute();
  if (passkeys.length === 0) throw new AppError('BAD_REQUEST', PASSKEY_TEXTS.noPasskeys);
  const options = await passkeyRequestOptions(deps, passkeys);
  await openPasskeyChallenge(deps, options.challenge, {
    purpose: 'second_factor',
    userId: open.user_id,
    loginChallengeHash,
  });
  return options;
}

/**
 * The two-factor step answered by a passkey: the assertion must sign a challenge opened for this
 * password step and come from one of this user's passkeys. Returns the passkey's name, or null.
 */
export async function verifyPasskeySecondFactor(
  deps: AppDeps,
  userId: number,
  loginChallengeHash: string,
  response: AuthenticationResponseJSON,
): Promise<string | null> {
  const challenge = await consumePasskeyChallenge(deps, response.response.clientDataJSON, {
    purpose: 'second_factor',
    userId,
    loginChallengeHash,
  });
  if (!challenge) return null;
  const passkey = await findPasskey(deps, response.id);
  if (!passkey || passkey.user_id !== userId) return null;
  return (await verifyPasskeyAssertion(deps, passkey, response, challenge)) ? passkey.name : null;
}
