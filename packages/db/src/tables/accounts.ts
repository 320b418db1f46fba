import type { CreatedAt, Timestamp } from './core';

/** One live password-reset token per user (SHA-256 of the token; single use, 60 minutes). */
export type PasswordResetTokensTable = {
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

/**
 * An open two-factor sign-in challenge, one per password step: found by the SHA-256 of the token
 * that step handed out; single use, 5 minutes, closed after 5 wrong codes.
 */
export type LoginChallengesTable = {
  token_hash: string;
  user_id: number;
  failed_attempts: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

/**
 * A requested e-mail change, pending until the link sent to `new_email` is opened (24 hours,
 * single use); `cancel_token_hash` is the old address's cancel link. One per user.
 */
export type EmailChangesTable = {
  user_id: number;
  new_email: string;
  token_hash: string;
  cancel_token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

/** Tables owned by the accounts area. */
export type AccountsTables = {
  password_reset_tokens: PasswordResetTokensTable;
  email_changes: EmailChangesTable;
  login_challenges: LoginChallengesTable;
};
