import type { Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './core';

/** An Idempotency-Key an account sent, and the response it got (encrypted), for 24 hours. */
export type IdempotentRequestsTable = {
  id: Generated<number>;
  user_id: number;
  key: string;
  /** SHA-256 of the operation and its input: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  response: string | null;
  created_at: CreatedAt;
  completed_at: NullableTimestamp;
};

export type IdempotentRequestsTables = { idempotent_requests: IdempotentRequestsTable };
