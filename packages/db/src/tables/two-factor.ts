import type { ColumnType } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './core';

/**
 * One row per user who started or finished a two-factor setup. Secrets are AES-256-GCM
 * ciphertexts (key derived from the app key); the pending secret waits for a confirming code.
 */
export type TwoFactorSecretsTable = {
  user_id: number;
  secret_encrypted: string | null;
  pending_secret_encrypted: string | null;
  confirmed_at: NullableTimestamp;
  /** Last accepted TOTP time step: that step and any earlier one are refused (replay). */
  last_used_step: ColumnType<string | null, string | number | null, string | number | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

/** Single-use recovery codes, stored as HMAC-SHA256 digests keyed with the app key. */
export type TwoFactorRecoveryCodesTable = {
  id: ColumnType<number, never, never>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type TwoFactorTables = {
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
};
