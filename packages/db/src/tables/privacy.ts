import type { Timestamp } from './core';

/** When a session last confirmed the account's password (fresh for 10 minutes). */
export type SessionReauthenticationsTable = {
  session_id: number;
  confirmed_at: Timestamp;
};

export type PrivacyTables = {
  session_reauthentications: SessionReauthenticationsTable;
};
