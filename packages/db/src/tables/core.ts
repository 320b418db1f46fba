import type { ColumnType, Generated } from 'kysely';

/** A timestamp column the database fills in on insert. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type Json<T> = ColumnType<T, string | T, string | T>;

/** The keys of a row numbered in the database and named by a uuid in the API. */
export type UuidRecord<Id extends number | string = number> = {
  id: Generated<Id>;
  uuid: Generated<string>;
};

/** The keys of a row that belongs to one organization and is named by a uuid in the API. */
export type OrganizationRecord = UuidRecord & { organization_id: number };

export type UsersTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  email: string;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  two_factor_enabled: Generated<boolean>;
  is_staff: Generated<boolean>;
  phone: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  avatar_path: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type SessionsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  user_id: number;
  token_hash: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_active_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
};

export type JobsTable = {
  id: Generated<number>;
  type: string;
  payload: Json<Record<string, unknown>>;
  unique_key: string | null;
  run_at: CreatedAt;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  last_error: string | null;
  completed_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type MailOutboxTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  user_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<'pending' | 'sent' | 'failed' | 'stored'>;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type RateLimitsTable = {
  key: string;
  count: number;
  reset_at: Timestamp;
};

export type CoreTables = {
  users: UsersTable;
  sessions: SessionsTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
};
