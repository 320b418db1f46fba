import type { Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './core';

/** A personal API token: its SHA-256 and first characters, never the token. */
export type ApiTokensTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  user_id: number;
  name: string;
  token_hash: string;
  /** `scmp_pat_` and the first 8 characters after it, to tell tokens apart in lists. */
  prefix: string;
  scopes: string[];
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  last_used_ip: string | null;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type ApiTokensTables = { api_tokens: ApiTokensTable };
