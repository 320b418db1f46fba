import type { PGlite, Results } from '@electric-sql/pglite';
import {
  MAX_PREPARED_PER_CONNECTION,
  isSelect,
  isStalePlan,
  statementName,
} from './prepared-names';

/** What kysely-pglite-dialect uses of a PGlite: `query`, and `close` when Kysely is destroyed. */
type Client = {
  query: (sql: string, params?: unknown[]) => Promise<Results>;
  close: () => Promise<void>;
};

/**
 * A SQL literal for one parameter, or undefined when the value is not a plain scalar (arrays,
 * objects, bytes): such a call runs unprepared. Every value becomes a quoted, untyped literal,
 * exactly what the wire protocol sends as a text parameter: PostgreSQL converts it with the
 * parameter type PREPARE inferred. Quotes are doubled (standard_conforming_strings is on, so a
 * backslash is an ordinary character), which is the whole of literal quoting in PostgreSQL.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    text = value.toISOString();
  } else return undefined;
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The embedded database's client for Kysely, with each SELECT planned once: PGlite parses and
 * plans every query in WebAssembly on the event loop, and for the organization list (with its
 * live-instance count) planning is a third of the time: 1,490 → 2,280 queries/s on these
 * machines. A SELECT is PREPAREd under a name made from its text, then run as
 * `EXECUTE name('literal', …)`. Anything else (writes, scalars-only rule broken, a statement
 * PostgreSQL cannot prepare) goes through `query` unchanged. A migration that changes a table
 * under a prepared `SELECT *` makes the old plan fail once: it is prepared again under a new
 * name, and the call retried when no transaction is open.
 */
export function withPreparedSelects(pglite: PGlite): Client {
  const names = new Map<string, string>();
  const unpreparable = new Set<string>();
  let generation = 0;

  const prepare = async (sql: string): Promise<string | undefined> => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (unpreparable.has(sql) || names.size >= MAX_PREPARED_PER_CONNECTION || sql.includes(';')) {
      return undefined;
    }
    const name = statementName(sql, generation);
    try {
      await pglite.exec(`PREPARE ${name} AS ${sql}`);
    } catch {
      // e.g. a parameter whose type cannot be inferred: this text always runs unprepared.
      if (unpreparable.size < MAX_PREPARED_PER_CONNECTION) unpreparable.add(sql);
      return undefined;
    }
    names.set(sql, name);
    return name;
  };

  const execute = async (name: string, literals: string[]): Promise<Results> => {
    const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
    const [result] = await pglite.exec(`EXECUTE ${name}${args}`);
    return result ?? { rows: [], fields: [] };
  };

  return {
    close: () => pglite.close(),
    async query(sql, params = []) {
      if (!isSelect(sql) || pglite.isInTransaction()) return pglite.query(sql, params);
      const literals: string[] = [];
      for (const param of params) {
        const value = literal(param);
        if (value === undefined) return pglite.query(sql, params);
        literals.push(value);
      }
      const name = await prepare(sql);
      if (name === undefined) return pglite.query(sql, params);
      try {
        return await execute(name, literals);
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        names.delete(sql);
        generation += 1;
        await pglite.exec(`DEALLOCATE ${name}`).catch(() => undefined);
        return pglite.query(sql, params);
      }
    },
  };
}
