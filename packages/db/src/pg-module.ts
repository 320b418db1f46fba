import { createRequire } from 'node:module';
import type pgModule from 'pg';

const requireFromHere = createRequire(import.meta.url);
let loaded: typeof pgModule | undefined;

/**
 * node-postgres, required when PostgreSQL is first used: a server on the embedded database never
 * needs it, and loading it costs about 80 ms of start-up.
 */
export function loadPg(): typeof pgModule {
  if (!loaded) {
    const pg = requireFromHere('pg') as typeof pgModule;
    // int8 and numeric come back as strings from pg by default; our ids are int4 and money is
    // integer pence, so counts (int8) are parsed to numbers to match PGlite.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    loaded = pg;
  }
  return loaded;
}
