import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests (`*.test.ts[x]` beside the code and in apps/server/test). Browser tests are
 * Playwright (`apps/web/e2e`). TEST_DB_DRIVER=postgres runs the same suite on PostgreSQL, plus
 * the scale-out tests (several server processes on one database), which need PostgreSQL.
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const postgresOnly = onPostgres ? [] : ['apps/server/test/scale-out/**'];
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
  },
});
