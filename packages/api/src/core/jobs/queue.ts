import { sql, type Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { Clock } from '../clock';

export type EnqueueOptions = {
  type: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** While a job with this key is pending, enqueueing another is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
};

export async function enqueueJob(db: Kysely<Database>, options: EnqueueOptions): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      type: options.type,
      payload: JSON.stringify(options.payload ?? {}),
      run_at: options.runAt ?? new Date(),
      unique_key: options.uniqueKey ?? null,
      ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
    })
    .onConflict((oc) =>
      oc
        .column('unique_key')
        .where('completed_at', 'is', null)
        .where('unique_key', 'is not', null)
        .doNothing(),
    )
    .execute();
}

/**
 * Enqueues a job unless one with this key has ever existed (done or pending): for scheduled work
 * that must run once per deployment however many processes schedule it (the nightly backup's key
 * names its night). The pending-key unique index settles two processes inserting at once.
 */
export async function enqueueJobOnce(
  db: Kysely<Database>,
  options: EnqueueOptions & { uniqueKey: string },
): Promise<boolean> {
  const result = await sql`
    INSERT INTO jobs (type, payload, run_at, unique_key, max_attempts)
    SELECT ${options.type}, ${JSON.stringify(options.payload ?? {})}::jsonb,
      ${options.runAt ?? new Date()}, ${options.uniqueKey}, ${options.maxAttempts ?? 10}
    WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE unique_key = ${options.uniqueKey})
    ON CONFLICT (unique_key) WHERE completed_at IS NULL AND unique_key IS NOT NULL DO NOTHING`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Job types whose run may outlast the default lease (seconds); a claimed job is not retried by
 * another process before its lease ends, so a long backup is never taken twice.
 */
export const jobLeaseSeconds: Record<string, number> = {};

export type ClaimedJob = {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/**
 * Claims up to `limit` due jobs. `FOR UPDATE SKIP LOCKED` plus a lease (`locked_until`) means two
 * processes never take the same job, and a job whose process died is retried after the lease.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  clock: Clock,
  limit: number,
  leaseSeconds = 60,
): Promise<ClaimedJob[]> {
  const now = clock.now();
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
  const longLeases = Object.entries(jobLeaseSeconds).map(
    ([type, seconds]) =>
      sql`WHEN ${type} THEN ${new Date(now.getTime() + seconds * 1000)}::timestamptz`,
  );
  const lease =
    longLeases.length > 0
      ? sql`CASE type ${sql.join(longLeases, sql` `)} ELSE ${leaseUntil}::timestamptz END`
      : sql`${leaseUntil}`;
  const result = await sql<ClaimedJob & { run_at: Date | string }>`
    UPDATE jobs SET locked_until = ${lease}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE completed_at IS NULL AND run_at <= ${now}
        AND (locked_until IS NULL OR locked_until < ${now})
        AND attempts < max_attempts
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, type, payload, attempts, max_attempts, run_at`.execute(db);
  // RETURNING does not keep the subquery's order: run them oldest first (webhook events of one
  // organization then go out in the order they happened).
  return result.rows
    .sort((x, y) => new Date(x.run_at).getTime() - new Date(y.run_at).getTime() || x.id - y.id)
    .map(({ run_at: _runAt, ...job }) => job);
}

export async function completeJob(db: Kysely<Database>, clock: Clock, id: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ completed_at: clock.now(), locked_until: null })
    .where('id', '=', id)
    .execute();
}

export async function failJob(
  db: Kysely<Database>,
  clock: Clock,
  job: ClaimedJob,
  error: unknown,
): Promise<void> {
  const backoffSeconds = Math.min(3600, 5 * 2 ** job.attempts);
  await db
    .updateTable('jobs')
    .set({
      last_error:
        error instanceof Error ? error.message.slice(0, 1000) : String(error).slice(0, 1000),
      locked_until: null,
      run_at: new Date(clock.now().getTime() + backoffSeconds * 1000),
      ...(job.attempts >= job.max_attempts ? { completed_at: clock.now() } : {}),
    })
    .where('id', '=', job.id)
    .execute();
}
