/**
 * Rows of the database as the API and the exports show them: the chosen columns, in their order,
 * with every date as an ISO 8601 string.
 */

/** A row with its dates as ISO strings (null stays null). */
export type IsoDated<Row> = {
  [K in keyof Row]: Row[K] extends Date
    ? string
    : Date extends Row[K]
      ? Exclude<Row[K], Date> | string
      : Row[K];
};

/** `row` with every date in it as an ISO string, each in its place. */
export function isoDated<Row extends object>(row: Row): IsoDated<Row> {
  const entries = Object.entries(row).map(([key, value]) => [
    key,
    value instanceof Date ? value.toISOString() : value,
  ]);
  return Object.fromEntries(entries) as IsoDated<Row>;
}

/** The `keys` of `row`, in the order of `keys` (an output schema's `keyof().options`). */
export function pickKeys<Row extends object, K extends keyof Row>(
  row: Row,
  keys: readonly K[],
): Pick<Row, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, K>;
}
