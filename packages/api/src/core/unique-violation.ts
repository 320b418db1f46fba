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
