import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '@scmp/db';
import { AppError } from '../../core/errors';
import type { StaffPage } from './staff-schema';

/**
 * Keyset paging for the staff lists. Without a search the lists run newest first by id; with a
 * search each branch is a prefix range on a lower(text) COLLATE "C" index, merged in (key, id)
 * order. The cursor is the last row's key and id, base64url-encoded and opaque to clients.
 */
export type StaffCursor = { key: string | null; id: number };

/** A row id in list order with its matched search text (null without a search). */
type StaffKey = { id: number; k: string | null };

/** What a staff list is asked: a prefix search, the page size and the previous page's cursor. */
export type StaffListInput = { q?: string | undefined; limit: number; cursor?: string | undefined };

export function encodeStaffCursor(cursor: StaffCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeStaffCursor(value: string | undefined): StaffCursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (parsed[0] === null || typeof parsed[0] === 'string') &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { key: parsed[0] as string | null, id: parsed[1] as number };
    }
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION_ERROR', 'The cursor is invalid.');
}

/** The search text as the indexes hold it (lower case), or null for no search. */
export function searchPrefix(q: string | undefined): string | null {
  const text = q?.trim().toLowerCase();
  return text ? text : null;
}

/** `lower(column) COLLATE "C"` within [prefix, prefix + U+FFFF): one btree range. */
export function prefixRange(column: string, prefix: string): RawBuilder<boolean> {
  const key = sql.raw(`lower(${column}) COLLATE "C"`);
  return sql<boolean>`(${key} >= ${prefix} AND ${key} < ${`${prefix}\uffff`})`;
}

/** `(lower(column) COLLATE "C", idColumn) > (cursor.key, cursor.id)` when paging on. */
export function afterCursor(
  column: string,
  idColumn: string,
  cursor: StaffCursor | null,
): RawBuilder<boolean> {
  if (!cursor || cursor.key === null) return sql<boolean>`true`;
  const key = sql.raw(`lower(${column}) COLLATE "C"`);
  return sql<boolean>`((${key}, ${sql.raw(idColumn)}) > (${cursor.key} COLLATE "C", ${cursor.id}))`;
}

/** How a staff list finds its rows and shows them (see staffListPage). */
export type StaffList<R extends { id: number }, T, TB extends keyof Database> = {
  /** No search: the rows' ids the list shows (filtered, not ordered); paged newest first here. */
  newest: SelectQueryBuilder<Database, TB, { id: number }>;
  /**
   * A search: the UNION ALL of prefix-range branches, each selecting `id` and its matched text `k`
   * for at most `take` rows matching `q` after `cursor`; merged here in (k, id) order.
   */
  matching: (q: string, cursor: StaffCursor | null, take: number) => RawBuilder<unknown>;
  /** The rows of the page's ids, in any order. */
  load: (ids: number[]) => Promise<R[]>;
  toItem: (row: R) => T;
};

/** The ids of the newest `take` rows of `query`, below `beforeId` when paging on. */
function newestIds<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, { id: number }>,
  take: number,
  beforeId: number | null,
) {
  return query
    .$if(beforeId !== null, (qb) => qb.where(sql.ref('id'), '<', beforeId ?? 0))
    .orderBy(sql.ref('id'), 'desc')
    .limit(take)
    .execute();
}

/**
 * One page of a staff list: reads limit + 1 keys (newest first, or the search's matches), loads
 * the rows of the first `limit` ids, answers them in key order and, when there is more, the next
 * page's cursor.
 */
export async function staffListPage<R extends { id: number }, T, TB extends keyof Database>(
  db: Kysely<Database>,
  input: StaffListInput,
  list: StaffList<R, T, TB>,
): Promise<StaffPage<T>> {
  const cursor = decodeStaffCursor(input.cursor);
  const q = searchPrefix(input.q);
  const take = input.limit + 1;
  const keys: StaffKey[] = q
    ? (
        await sql<StaffKey>`SELECT id, k FROM (${list.matching(q, cursor, take)}) matches
          ORDER BY k, id LIMIT ${take}`.execute(db)
      ).rows
    : (await newestIds(list.newest, take, cursor?.id ?? null)).map((row) => ({
        id: row.id,
        k: null,
      }));
  const page = keys.slice(0, input.limit);
  const last = page[page.length - 1];
  if (!last) return { items: [], next_cursor: null };
  const byId = new Map((await list.load(page.map((key) => key.id))).map((row) => [row.id, row]));
  return {
    items: page.flatMap((key) => {
      const row = byId.get(key.id);
      return row ? [list.toItem(row)] : [];
    }),
    next_cursor: keys.length > input.limit ? encodeStaffCursor({ key: last.k, id: last.id }) : null,
  };
}
