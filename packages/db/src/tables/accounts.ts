import type { CreatedAt, Timestamp } from './core';

/** A user's single-use token, kept only as its SHA-256, and when it stops working. */
type UserTokenRecord = {
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
};

/** One live password-reset token per user (single use, 60 minutes). */
export type PasswordResetTokensTable = UserTokenRecord;

/**
 * An open two-factor sign-in challenge, one per password step: found by the SHA-256 of the token
 * that step handed out; single use, 5 minutes, closed after 5 wrong codes.
 */
export type LoginChallengesTable = UserTokenRecord & { failed_attempts: number };

/**
 * A requested e-mail change, pending until the link sent to `new_email` is opened (24 hours,
 * single use); `cancel_token_hash` is the old address's cancel link. One per user.
 */
export type EmailChangesTable = UserTokenRecord & { new_email: string; cancel_token_hash: string };

/** Tables owned by the accounts area. */
export type AccountsTables = {
  password_reset_tokens: PasswordResetTokensTable;
  email_changes: EmailChangesTable;
  login_challenges: LoginChallengesTable;
};
