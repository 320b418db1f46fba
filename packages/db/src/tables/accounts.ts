import type { CreatedAt, Timestamp } from './core';

/** One live password-reset token per user (SHA-256 of the token; single use, 60 minutes). */
export type PasswordResetTokensTable = {
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

/** An open two-factor sign-in challenge: opened by a correct password, closed after 5 wrong codes. */
export type LoginChallengesTable = {
  user_id: number;
  failed_attempts: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

/** Tables owned by the accounts area. */
export type AccountsTables = {
  password_reset_tokens: PasswordResetTokensTable;
  login_challenges: LoginChallengesTable;
};
