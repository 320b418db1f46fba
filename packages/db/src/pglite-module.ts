import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's JavaScript, imported when the embedded database is first opened: a server on
 * PostgreSQL never needs it, and loaded at start-up its module alone held about 2 MB of heap
 * (issue 25). The WebAssembly is compiled later still, by PGlite.create.
 */
export async function loadPglite(): Promise<typeof PGlite> {
  return (await import('@electric-sql/pglite')).PGlite;
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly heap, which never
 * shrinks: measured on the demo database, 16 MB takes the embedded database from ~418 MB to
 * ~280 MB RSS after a query workload, with the same query times (the whole demo database fits
 * in 16 MB, and the OS page cache still holds the files). Issue 25.
 */
export const pgliteStartParams = (pglite: typeof PGlite): string[] => [
  ...pglite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];
