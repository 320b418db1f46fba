import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AppDeps } from '../../core/app-deps';
import type { PasskeyRow } from './passkey-output';
import { relyingPartyOf } from './relying-party';
import { loadWebAuthn } from './webauthn';

/**
 * Verifies an assertion against a stored passkey (signature, origin, RP id, user verification,
 * challenge) and moves its signature counter forward. A counter that does not move forward
 * (unless the authenticator keeps none: both 0) fails, as does losing a race to another use of
 * the same counter value.
 */
export async function verifyPasskeyAssertion(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  passkey: PasskeyRow,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
): Promise<boolean> {
  const rp = relyingPartyOf(deps.config);
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  const updated = await deps.db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: deps.clock.now() })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
