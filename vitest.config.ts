import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests (`*.test.ts[x]` beside the code and in apps/server/test). Browser tests are
 * Playwright (`apps/web/e2e`). TEST_DB_DRIVER=postgres runs the same suite on PostgreSQL, plus
 * the scale-out tests (several server processes on one database) and the pg patch's behaviour,
 * which need PostgreSQL.
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const postgresOnly = onPostgres
  ? []
  : ['apps/server/test/scale-out/**', 'packages/db/src/pg-patch-postgres.test.ts'];
/** Whole server processes on their own embedded databases, and Caddy in front of one: the same on
 * either pass, run once. */
const pgliteOnly = onPostgres
  ? ['apps/server/test/production/**', 'apps/server/test/caddy/**']
  : [];

export default defineConfig({
  test: {
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.{ts,tsx}'],
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/e2e/**',
      ...postgresOnly,
      ...pgliteOnly,
    ],
    globalSetup: ['packages/db/src/test-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its imported modules from one test file to the next: every server test file
    // imports the whole API (routers, schemas, the database layer), ~1.1 s each, 147 s of the
    // PGlite pass's 128 files isolated, 29 s shared. Each file builds its own harness and
    // database, so no state is shared that a test relies on.
    isolate: false,
  },
});
