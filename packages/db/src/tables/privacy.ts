import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp, Timestamp } from './core';

/** When a session last confirmed the account's password (fresh for 10 minutes). */
export type SessionReauthenticationsTable = {
  session_id: number;
  confirmed_at: Timestamp;
};

export type DataExportsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  /** Who asked for it (and may download it). */
  user_id: number;
  /** Null: the person's own data; else the organization's export. */
  organization_id: number | null;
  status: Generated<'pending' | 'ready' | 'failed'>;
  storage_key: string | null;
  size_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  completed_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  /** When the ZIP was removed from storage (expiry or retention). */
  files_deleted_at: NullableTimestamp;
};

/** A deleted account in its 30-day window (then purged: e-mail and token cleared). */
export type AccountDeletionsTable = {
  user_id: number;
  email: string | null;
  restore_token_hash: string | null;
  deleted_at: Timestamp;
  purge_after: Timestamp;
  purged_at: NullableTimestamp;
};

/** One run of the retention job: per rule, how many rows it removed (issue 38). */
export type RetentionRunsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  status: Generated<'running' | 'ok' | 'failed'>;
  /** Written as JSON text; defaults to []. */
  results: ColumnType<RetentionRuleResult[], string | undefined, string>;
  error: string | null;
};

export type RetentionRuleResult = {
  rule: string;
  removed: number;
  outcome: 'ok' | 'failed';
  error?: string;
};

export type PrivacyTables = {
  retention_runs: RetentionRunsTable;
  account_deletions: AccountDeletionsTable;
  data_exports: DataExportsTable;
  session_reauthentications: SessionReauthenticationsTable;
};
