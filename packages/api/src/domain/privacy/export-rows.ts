import type { Kysely, Selectable } from 'kysely';
import type { Database } from '@scmp/db';
import { toIso } from '../../core/iso-date';
import { isoDated, type IsoDated } from '../../core/output-rows';
import { EXPORTED_COLUMNS } from './exported-columns';

/**
 * Helpers for the JSON files of the exports (personal and organization): dates as ISO 8601
 * strings, and child rows nested under their parent.
 */

/** `row` with the named date columns as ISO strings (null stays null), each in its place. */
export function withIsoDates<Row extends object, K extends keyof Row>(
  row: Row,
  dateKeys: readonly K[],
): Omit<Row, K> & Record<K, string | null> {
  const out = { ...row } as Record<PropertyKey, unknown>;
  for (const key of dateKeys) out[key] = toIso(row[key] as Date | string | null);
  return out as Omit<Row, K> & Record<K, string | null>;
}

/** The rows `fetch` finds for the parents' ids; no query at all when there are no parents. */
export async function rowsOfParents<Row>(
  parentIds: number[],
  fetch: (ids: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  return parentIds.length === 0 ? [] : fetch(parentIds);
}

/** The rows of one parent (`row[key] === parentId`), without the key that points at it. */
export function childrenOf<K extends string, Row extends Record<K, unknown>>(
  rows: Row[],
  key: K,
  parentId: unknown,
): Omit<Row, K>[] {
  return rows
    .filter((row) => row[key] === parentId)
    .map((row) => {
      const { [key]: _parent, ...rest } = row;
      return rest;
    });
}

type ExportedTable = keyof typeof EXPORTED_COLUMNS;

export type ExportedRow<T extends ExportedTable> = IsoDated<
  Pick<
    Selectable<Database[T]>,
    Extract<(typeof EXPORTED_COLUMNS)[T][number], keyof Selectable<Database[T]>>
  >
>;

/**
 * Every row of `table` whose `owner` column is `id`, oldest first: the columns the exports copy
 * from it (EXPORTED_COLUMNS), dates as ISO strings.
 */
export async function exportedRows<T extends ExportedTable>(
  db: Kysely<Database>,
  table: T,
  owner: keyof Database[T] & ('organization_id' | 'user_id' | 'owner_id'),
  id: number,
): Promise<ExportedRow<T>[]> {
  // Kysely cannot resolve the columns of a generic table: the names are checked by EXPORTED_COLUMNS.
  const rows = await db
    .selectFrom(table as 'passkeys')
    .select(EXPORTED_COLUMNS[table] as readonly 'uuid'[])
    .where(owner as 'user_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => isoDated(row) as unknown as ExportedRow<T>);
}
