import type { AppDeps } from '../../core/app-deps';
import { sha256Hex } from '../../core/tokens';
import { challengeOfClientData } from './webauthn';

export const PASSKEY_CHALLENGE_LIFETIME_SECONDS = 5 * 60;

/** What a ceremony is bound to: only the same binding can answer it. */
export type ChallengeBinding =
  | { purpose: 'registration'; userId: number; sessionId: number }
  | { purpose: 'sign_in'; tokenHash: string }
  | { purpose: 'second_factor'; userId: number; loginChallengeHash: string };

/** Stores the SHA-256 of a new WebAuthn challenge with its binding, for five minutes. */
export async function openPasskeyChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  challenge: string,
  binding: ChallengeBinding,
): Promise<void> {
  const now = deps.clock.now();
  // Ended ceremonies go as new ones open, so rows do not pile up (sign-in ones are anonymous).
  await deps.db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await deps.db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: sha256Hex(challenge),
      purpose: binding.purpose,
      token_hash: binding.purpose === 'sign_in' ? binding.tokenHash : null,
      user_id: binding.purpose === 'sign_in' ? null : binding.userId,
      session_id: binding.purpose === 'registration' ? binding.sessionId : null,
      login_challenge_hash: binding.purpose === 'second_factor' ? binding.loginChallengeHash : null,
      created_at: now,
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_LIFETIME_SECONDS * 1000),
    })
    .execute();
}

/**
 * Closes the open ceremony with this binding whose challenge the response signed, and returns
 * that challenge; null when there is none (never opened, expired, used, or another binding's).
 * Single use: it is deleted whether or not the response then verifies. A sign-in token is spent
 * by any answer, even one that signed another challenge.
 */
export async function consumePasskeyChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  clientDataJSON: string,
  binding: ChallengeBinding,
): Promise<string | null> {
  const challenge = challengeOfClientData(clientDataJSON);
  const now = deps.clock.now();
  let query = deps.db.deleteFrom('passkey_challenges').where('purpose', '=', binding.purpose);
  if (binding.purpose === 'sign_in') {
    query = query.where('token_hash', '=', binding.tokenHash);
  } else {
    if (!challenge) return null;
    query = query
      .where('challenge_hash', '=', sha256Hex(challenge))
      .where('user_id', '=', binding.userId);
    query =
      binding.purpose === 'registration'
        ? query.where('session_id', '=', binding.sessionId)
        : query.where('login_challenge_hash', '=', binding.loginChallengeHash);
  }
  const row = await query.returning(['challenge_hash', 'expires_at']).executeTakeFirst();
  if (!row || !challenge || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return row.challenge_hash === sha256Hex(challenge) ? challenge : null;
}
