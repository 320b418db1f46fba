import type { Selectable } from 'kysely';
import type { OrganizationsTable } from '@scmp/db';

export type OrganizationRow = Selectable<OrganizationsTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public ids are uuids; anything else can never match and must not reach PostgreSQL. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** PostgreSQL unique_violation (also raised by PGlite). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (e.code === '23505') {
      if (!constraint) return true;
      if (e.constraint === constraint) return true;
      if (typeof e.message === 'string' && e.message.includes(constraint)) return true;
    }
    current = e.cause;
  }
  return false;
}

export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
