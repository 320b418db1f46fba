import { sql, type SelectQueryBuilder } from 'kysely';
import { AppError } from './errors';

/**
 * Keyset pagination over (created_at DESC, id DESC): the lists of the activity log, the
 * notification history and a webhook's deliveries. The cursor is opaque to clients; a row-value comparison lets the
 * (owner, created_at, id) indexes serve every page at the same cost.
 */
export function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: number } | null {
  if (cursor.length > 200) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!iso || !id || !/^\d{1,10}$/.test(id)) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return { at, id: Number(id) };
}

export type Page<T> = { items: T[]; next_cursor: string | null };

/**
 * Runs `query` (already ordered newest first) for one page after `cursor`. `keys` names the two
 * columns when the query joins tables (`d.created_at`, `d.id`); a bigint id arrives as a string.
 */
export async function keysetPage<
  DB,
  TB extends keyof DB,
  Row extends { id: number | string; created_at: Date },
  T,
>(
  query: SelectQueryBuilder<DB, TB, Row>,
  input: { cursor?: string | undefined; limit: number },
  toItem: (row: Row) => T,
  keys: { createdAt: string; id: string } = { createdAt: 'created_at', id: 'id' },
): Promise<Page<T>> {
  let paged = query.limit(input.limit + 1);
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor);
    if (!cursor) throw new AppError('VALIDATION_ERROR', 'The cursor is invalid.');
    paged = paged.where(
      sql<boolean>`(${sql.ref(keys.createdAt)}, ${sql.ref(keys.id)}) < (${cursor.at}, ${String(cursor.id)}::bigint)`,
    );
  }
  const rows = await paged.execute();
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toItem),
    next_cursor:
      rows.length > input.limit && last
        ? encodeCursor(new Date(last.created_at), Number(last.id))
        : null,
  };
}
