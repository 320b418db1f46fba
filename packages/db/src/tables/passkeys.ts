import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, NullableTimestamp, Timestamp } from './core';

/** A user's passkey: the credential's id and public key (COSE, base64url), never a secret. */
export type PasskeysTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  user_id: number;
  /** base64url, as the browser reports it. */
  credential_id: string;
  /** The COSE-encoded public key, base64url. */
  public_key: string;
  /**
   * The authenticator's signature counter; an assertion must move it forward (or both stay 0).
   * bigint: a string from node-postgres, a number from PGlite.
   */
  counter: ColumnType<string | number, string | number | undefined, string | number>;
  transports: Json<string[]>;
  name: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
};

export type PasskeyChallengePurpose = 'registration' | 'sign_in' | 'second_factor';

/**
 * An open WebAuthn ceremony: the SHA-256 of its challenge, single use, five minutes, bound to the
 * session (registration), the sign-in attempt's token (sign_in) or the password step's two-factor
 * challenge (second_factor).
 */
export type PasskeyChallengesTable = {
  challenge_hash: string;
  purpose: PasskeyChallengePurpose;
  token_hash: string | null;
  user_id: number | null;
  session_id: number | null;
  login_challenge_hash: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

export type PasskeysTables = {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
};
