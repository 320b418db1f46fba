import { createHash } from 'node:crypto';

/**
 * What the PostgreSQL and PGlite prepared-statement paths share (prepared-statements.ts,
 * pglite-prepared.ts): which statements are prepared, how they are named, and how PostgreSQL says
 * a prepared plan went stale.
 */

/** Distinct statements prepared per connection; past this, new texts run unprepared. */
export const MAX_PREPARED_PER_CONNECTION = 500;

const SELECT = /^\s*(select|with)\b/i;

/** Only reads are prepared: they are the hot, repeated statements. */
export function isSelect(sql: string): boolean {
  return SELECT.test(sql);
}

/** A name from the statement's text; `generation` changes it after a stale plan. */
export function statementName(sql: string, generation: number): string {
  return `k${createHash('sha1').update(sql).digest('hex').slice(0, 24)}_${generation}`;
}

/**
 * PostgreSQL's answer when a table under a prepared statement changed shape (a migration):
 * the statement must be prepared again.
 */
export function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return (
    e?.code === '0A000' && (e.message ?? '').includes('cached plan must not change result type')
  );
}
