import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A hot read whose SQL is built and compiled once per database instead of on every call.
 *
 * Kysely builds an operation tree, freezes it and compiles it to SQL on each execution; for a
 * one-row lookup on a public path (tenant branding on a cache miss) that was about a tenth of the
 * request's CPU. `build` receives stand-in strings for the parameters; the compiled query keeps
 * them where Kysely put its parameters, and each call swaps the real values in. The statement text
 * stays identical, so the prepared-statement layer plans it once per connection as before.
 *
 * Parameters are strings Kysely binds as `$n` parameters (`where(col, '=', value)`), never values
 * that change the SQL's shape (identifiers, `in` lists); `build` declares each one (no defaults or
 * rest parameters, since their count is read from `build.length`).
 */
export function compileOnce<Db, Params extends string[], Row>(
  build: (db: Kysely<Db>, ...params: Params) => Compilable<Row>,
): (db: Kysely<Db>, ...params: Params) => Promise<Row[]> {
  // The builder's own parameters after `db` (plain ones: no defaults, no rest).
  const arity = build.length - 1;
  const markers = Array.from(
    { length: arity },
    (_, i) => `\u0000compile-once-parameter-${i}\u0000`,
  );
  const compiled = new WeakMap<Kysely<Db>, { query: CompiledQuery<Row>; slots: number[] }>();

  const compile = (db: Kysely<Db>) => {
    const query = build(db, ...(markers as Params)).compile();
    const slots = query.parameters.map((value) => markers.indexOf(value as string));
    for (let i = 0; i < arity; i += 1) {
      if (!slots.includes(i))
        throw new Error(`compileOnce: parameter ${i} is not bound by the query`);
    }
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  };

  return async (db, ...params) => {
    const { query, slots } = compiled.get(db) ?? compile(db);
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i] as number;
      return slot === -1 ? value : params[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
